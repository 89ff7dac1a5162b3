import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { betRequest, registerTestProvider, seatPlayer, sendProvider, units } from '../helpers/provider.js';
import { fundedPlayer, newMatch, placeBet, startTaiqiuApp } from '../helpers/taiqiu.js';
import { TEST_SERVER_URL } from '../helpers/test-db.js';
import type { TestApp } from '../helpers/test-app.js';

/*
 * The money path: every statement of a bet is a round trip that the money benchmark
 * pays (bench/money). These pin how many a provider debit and a billiards bet send, BEGIN and
 * COMMIT included, so that one more shows here first (the benchmark's baseline, a naive hand-written
 * transaction, sends 11 and 10: bench/money/baseline.ts). PostgreSQL only: the statements are counted by wrapping
 * node-postgres's client, which PGlite does not use (`npm test` runs this folder on both).
 */

const DEBIT_STATEMENTS = 9;
const BET_STATEMENTS = 7;

type Query = (this: pg.Client, ...args: unknown[]) => unknown;

/** The statements sent while `run` runs, their text shortened. */
async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  const proto = pg.Client.prototype as unknown as { query: Query };
  const original = proto.query;
  const texts: string[] = [];
  proto.query = function (this: pg.Client, ...args: unknown[]) {
    const [first] = args;
    const config = (typeof first === 'string' ? { text: first } : (first ?? {})) as pg.QueryConfig;
    texts.push(String(config.text).replace(/\s+/g, ' ').slice(0, 120));
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    proto.query = original;
  }
  return texts;
}

describe.skipIf(!TEST_SERVER_URL)('statements of the money path', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTaiqiuApp();
  });
  afterAll(() => t.close());

  it(`a provider debit sends ${DEBIT_STATEMENTS}`, async () => {
    const p = await registerTestProvider(t);
    const { r } = await seatPlayer(t, 100_000, p.slot);
    // The first call reads what a running server keeps (the provider, the site config).
    await sendProvider(t, p, 'transaction/bet', betRequest(r, units(1_000)));
    const sent = await statementsOf(async () => {
      const res = await sendProvider(t, p, 'transaction/bet', betRequest(r, units(1_000)));
      expect(res.answer.status).toBe('RS_OK');
    });
    expect(sent.length, sent.join('\n')).toBe(DEBIT_STATEMENTS);
  });

  it(`a billiards bet sends ${BET_STATEMENTS}`, async () => {
    const match = await newMatch(t);
    const player = await fundedPlayer(t, 100_000);
    await placeBet(t, player, match, 'winner', 'a', 1_000, { requestId: randomUUID() });
    const sent = await statementsOf(async () => {
      const res = await placeBet(t, player, match, 'winner', 'a', 1_000, { requestId: randomUUID() });
      expect(res.code).toBe(200);
    });
    expect(sent.length, sent.join('\n')).toBe(BET_STATEMENTS);
  });
});
