import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../src/platform/logger.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const CARD = '6222021234567890128';
const ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

describe('logs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ scheduler: false });
  });
  afterAll(() => t.close());

  it('a failed insert is logged without its parameters, card numbers or addresses', async () => {
    await t.db.execute(sql`CREATE TABLE cards (number text PRIMARY KEY, address text)`);
    const insert = () => t.db.execute(sql`INSERT INTO cards (number, address) VALUES (${CARD}, ${ADDRESS})`);
    await insert();
    const failure = await insert().then(
      () => null,
      (err: unknown) => err,
    );
    expect(String((failure as Error).message)).toContain(CARD); // Drizzle puts the params in the message

    let out = '';
    const stream = new Writable({ write: (chunk: Buffer, _enc, done) => ((out += chunk.toString()), done()) });
    const logged = Fastify({ logger: { ...(loggerOptions('info') as object), stream } });
    logged.log.error({ err: failure }, 'request failed');
    await logged.close();

    expect(out).toContain('Failed query');
    expect(out).toContain('params: [redacted]');
    expect(out).not.toContain(CARD);
    expect(out).not.toContain(ADDRESS);
    expect(out).not.toContain('0890128');
  });
});
