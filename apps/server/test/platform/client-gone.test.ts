import { request } from 'node:http';
import { Readable, Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompression } from '../../src/platform/compression.js';
import { registerErrorHandler } from '../../src/platform/error-handler.js';
import { loggerOptions } from '../../src/platform/logger.js';

/*
 * A client that leaves while an answer streams (a player navigating away while a file loads) is
 * no failure of the server: it is logged as information, never as an error an operator is paged for.
 */
describe('a client that leaves mid-answer', () => {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write: (chunk: Buffer, _enc, done) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as never);
      done();
    },
  });
  const app = Fastify({ logger: { ...(loggerOptions('info') as object), stream } });
  let chunks = 0;

  beforeAll(async () => {
    await registerCompression(app);
    registerErrorHandler(app);
    // Text that takes a while to stream, compressed, so the client leaves in the middle.
    app.get('/big', (_req, reply) => {
      const body = new Readable({
        read() {
          chunks += 1;
          setTimeout(() => this.push(chunks < 200 ? `${'line of text '.repeat(500)}${chunks}\n` : null), 5);
        },
      });
      return reply.type('text/plain').send(body);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  it('is logged as information, not as an error', async () => {
    const { port } = app.server.address() as { port: number };
    await new Promise<void>((resolve) => {
      const req = request({ port, path: '/big', headers: { 'accept-encoding': 'gzip' } }, (res) => {
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.end();
    });
    await expect.poll(() => lines.filter((l) => /premature/i.test(l.msg)).length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(chunks).toBeLessThan(200);
    expect(lines.filter((l) => l.level >= 40)).toEqual([]);
  });

  it('the error handler’s log of such a request is information too; other errors stay errors', () => {
    const gone = Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
    const before = lines.length;
    app.log.error({ err: gone }, 'request failed');
    app.log.error(new Error('disk full'));
    expect(lines.slice(before).map((l) => [l.level, l.msg])).toEqual([
      [30, 'request failed'],
      [50, 'disk full'],
    ]);
  });
});
