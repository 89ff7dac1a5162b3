/*
 * Settlement at scale. One built server (one worker per core, as deployed) on a scratch
 * PostgreSQL database; a feed provider plays a best-of-7 match to 3:3 with frame 7 on. Then BETS open bets (PLAYERS players, BETS / PLAYERS each, ¥10) are placed on every
 * pick of the match that is still open, by placeBet itself in this process (seed.ts: the state a
 * bet placed before the match began is in). Meanwhile other players (LOAD_PLAYERS) keep betting on
 * another match (taiqiu/bet, BET_RATE a second) and making provider debits (a slot's seamless-
 * wallet bet, DEBIT_RATE a second; a withdrawal asks each player's fund password, an argon2 check,
 * and a few a day per player), open-loop (open-load.ts). The feed then posts the deciding batch:
 * frame 7's end and the match's end (match_ended), which decide every pick; the feed call answers
 * once they are applied, and the bets settle after it (taiqiu/settle-soon.ts).
 *
 * Figures: the deciding call sent → every bet settled (the last bet's settled_at, once no open bet
 * of the match is left), ≤ 10 s; the other players' calls due in that window, p99 ≤ 250 ms each, none
 * failed; then `checkLedger` (what `npm run ledger:check` runs) passes. A settlement still running
 * after DEADLINE_S is reported as not finished, with how many bets it settled.
 *
 * BOOK_SERVER_NODE_ARGS (space-separated, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof-settle") starts
 * the server with those node options (read with bench/api/cpu-profile.ts). BOOK_SETTLE_BETS and
 * BOOK_SETTLE_PLAYERS change the counts (for a quick try; the budget is for 100,000); BOOK_ACTIVITY=1
 * prints the statements the database was running during settlement (activity.ts).
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { API_PREFIX, taiqiu } from '@breakshot/contracts';
import { registerLedgerReferences } from '../../src/ledger-references.js';
import { checkLedger } from '../../src/modules/wallet/service.js';
import { queryRows, type Database } from '../../src/platform/db.js';
import { monotonicMs, since } from '../lib/clock.js';
import { createPlayers } from '../lib/players.js';
import { benchRow, roundToTenth } from '../lib/result.js';
import { withScratchDatabase } from '../lib/scratch-db.js';
import { fundedPlayers, openMatch, providerCall, registerProvider, type ReadyRequest } from '../money/setup.js';
import { startBookServer } from './book-server.js';
import { FeedMatch, feedProvider, postEvents, type Posted } from './feed.js';
import { sampleActivity } from './activity.js';
import { describe, OpenLoad, summarize, type Call } from './open-load.js';
import { benchContext, feedMatchId, fundPlayers, seedOpenBets } from './seed.js';

registerLedgerReferences();

const BETS = Number(process.env.BOOK_SETTLE_BETS ?? 100_000);
const PLAYERS = Number(process.env.BOOK_SETTLE_PLAYERS ?? 5_000);
const STAKE = 1_000;
/** Each player's cash: every bet's stake, twice. */
const FUNDS = Math.ceil(BETS / PLAYERS) * STAKE * 2;
const SETTLE_BUDGET_S = 10;
const P99_BUDGET_MS = 250;
/** The other players' calls a second, each kind. */
const BET_RATE = 100;
const DEBIT_RATE = 50;
const LOAD_PLAYERS = 200;
const LOAD_FUNDS = 100_000_000;
/** The load runs this long before the deciding call (its latencies then are printed, for comparison). */
const WARM_S = 5;
/** How long a settlement may run before the benchmark stops waiting for it (BOOK_SETTLE_DEADLINE_S). */
const DEADLINE_S = Number(process.env.BOOK_SETTLE_DEADLINE_S ?? 120);
/** Provider debits signed beforehand (a provider signs on its own machines): enough for the whole run. */
const PRESIGNED_DEBITS = DEBIT_RATE * (WARM_S + DEADLINE_S + 10);
const PORT = 3390;

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

/** Open bets of the match. */
async function openBets(database: Database, matchId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    database.db,
    sql`SELECT count(*)::int AS n FROM bets WHERE game_type = 'taiqiu' AND round_id = ${String(matchId)} AND status = 'open'`,
  );
  return row!.n;
}

await withScratchDatabase(async (database, url) => {
  const server = await startBookServer(url, PORT);
  const ctx = benchContext(database);
  let settled = {
    seconds: NaN,
    finished: false,
    left: BETS,
    calls: [] as Call[],
    loadError: undefined as string | undefined,
  };
  try {
    const setupStart = monotonicMs();
    // The match, to 3:3 with frame 7 on: every pick left is decided by the deciding batch.
    const link = await feedProvider(server);
    const match = new FeedMatch('settle');
    await postEvents(link, match.toThreeAll());
    const matchId = await feedMatchId(database, link.id, match.ref);

    const players = await createPlayers(database, PLAYERS, 'settle');
    await fundPlayers(ctx, players, FUNDS);
    console.log(`${PLAYERS} players registered and funded in ${since(setupStart)}`);
    const seedStart = monotonicMs();
    const seeded = await seedOpenBets(ctx, matchId, players, Math.ceil(BETS / PLAYERS), STAKE);
    await ctx.live.stop();
    console.log(`${seeded} open bets placed on match ${matchId} in ${since(seedStart)}`);

    // The other players: bets on another match (before its start: taken at once) and provider debits.
    const provider = await registerProvider(database);
    const loadPlayers = await fundedPlayers(database, server, provider, LOAD_PLAYERS, LOAD_FUNDS);
    const other = await openMatch(server);
    const debits: ReadyRequest[] = Array.from({ length: PRESIGNED_DEBITS }, () =>
      providerCall(provider, 'transaction/bet', pick(loadPlayers), {
        transactionUuid: randomUUID(),
        round: randomUUID(),
        roundClosed: false,
        cents: STAKE,
      }),
    );
    const codeOk = (status: number, body: string) =>
      status === 200 && (JSON.parse(body) as { code?: number }).code === 200;
    const load = new OpenLoad(server.base, [
      {
        name: 'taiqiu/bet',
        perSecond: BET_RATE,
        next: () => ({
          path: `${API_PREFIX}${taiqiu.bet.path}`,
          headers: { 'content-type': 'application/json', token: pick(loadPlayers).token },
          body: JSON.stringify({
            matchId: other.matchId,
            marketId: other.marketId,
            selectionId: other.selectionId,
            stake: STAKE,
            odds: other.odds,
            requestId: randomUUID(),
          }),
        }),
        accepted: codeOk,
      },
      {
        name: 'provider debit',
        perSecond: DEBIT_RATE,
        next: () => {
          const call = debits.pop();
          if (!call) throw new Error('out of signed debits');
          return call;
        },
        accepted: (status, body) => status === 200 && (JSON.parse(body) as { status?: string }).status === 'RS_OK',
      },
    ]);
    console.log(`set-up: ${since(setupStart)}`);

    load.start();
    await sleep(WARM_S * 1000);
    const activity = process.env.BOOK_ACTIVITY ? await sampleActivity(url) : null;
    const deciding = [match.frameEnded('a'), match.ended()];
    const sentAt = monotonicMs();
    const sentWall = Date.now();
    const answer = postEvents(link, deciding).then(
      (posted): Posted | Error => posted,
      (err: unknown) => (err instanceof Error ? err : new Error(String(err))),
    );
    // The call answers once the events are applied; the bets settle after (taiqiu/settle-soon.ts).
    // Progress, each second, until none is open or the deadline.
    let result = null as Posted | Error | null;
    void answer.then((r) => (result = r));
    let left = BETS;
    while (monotonicMs() - sentAt < DEADLINE_S * 1000) {
      await sleep(1000);
      if (result instanceof Error) break;
      left = await openBets(database, matchId);
      console.log(`  ${since(sentAt)}: ${seeded - left} settled, ${left} open`);
      if (left === 0 && result !== null) break;
    }
    const answered = result as Posted | Error | null;
    if (activity) console.log(`the database during settlement:\n  ${(await activity.stop()).join('\n  ')}`);
    if (answered instanceof Error) throw answered;
    const [last] = await queryRows<{ at: Date | string | null }>(
      database.db,
      sql`SELECT max(settled_at) AS at FROM bets WHERE round_id = ${String(matchId)}`,
    );
    // The last bet's settled_at (the server's clock, on this machine) marks the end; still open: now.
    const lastAt = last?.at ? new Date(last.at).getTime() : null;
    const seconds = left === 0 && lastAt !== null ? (lastAt - sentWall) / 1000 : (monotonicMs() - sentAt) / 1000;
    await sleep(2_000);
    const calls = await load.stop();
    settled = {
      seconds,
      finished: answered !== null && left === 0,
      left,
      calls: calls.filter((c) => c.dueAt >= sentAt && c.dueAt <= sentAt + seconds * 1000),
      loadError: load.error(),
    };
    const before = (name: string) => summarize(calls, (c) => c.stream === name && c.dueAt < sentAt);
    for (const name of ['taiqiu/bet', 'provider debit']) {
      console.log(`${name} before the deciding call: ${describe(before(name))}`);
      console.log(`${name} during settlement: ${describe(summarize(settled.calls, (c) => c.stream === name))}`);
    }
    console.log(
      `deciding call answered ${answered ? `after ${((answered.answeredAt - sentAt) / 1000).toFixed(2)} s` : 'not yet'}; ` +
        `${left} bets open; last settled_at ${lastAt !== null ? new Date(lastAt).toISOString() : 'none'}`,
    );
    if (settled.loadError) console.log(`first failed call: ${settled.loadError}`);
  } finally {
    await server.stop();
  }

  benchRow({
    bench: 'book-settle',
    case: settled.finished
      ? `${BETS.toLocaleString('en')} bets settled, match_ended → last bet`
      : `${BETS.toLocaleString('en')} bets: not settled in ${DEADLINE_S} s (${settled.left.toLocaleString('en')} open)`,
    figure: Math.round(settled.seconds * 100) / 100,
    unit: 's',
    budget: `<= ${SETTLE_BUDGET_S} s`,
    ok: settled.finished && settled.seconds <= SETTLE_BUDGET_S,
  });
  const perSecond = (BETS - settled.left) / settled.seconds;
  benchRow({
    bench: 'book-settle',
    case: `bets settled a second (all ${BETS.toLocaleString('en')} at this rate: ${Math.round(BETS / perSecond)} s)`,
    figure: Math.round(perSecond),
    unit: 'bets/s',
    budget: 'info',
    ok: true,
  });
  for (const name of ['taiqiu/bet', 'provider debit']) {
    const s = summarize(settled.calls, (c) => c.stream === name);
    benchRow({
      bench: 'book-settle',
      case: `${name} p99 during settlement (${name === 'taiqiu/bet' ? BET_RATE : DEBIT_RATE}/s, ${s.failed} failed)`,
      figure: roundToTenth(s.p99),
      unit: 'ms',
      budget: `<= ${P99_BUDGET_MS} ms, none failed`,
      ok: s.p99 <= P99_BUDGET_MS && s.failed === 0,
    });
  }
  const report = await checkLedger(database.db);
  for (const failure of report.failures) console.log(`ledger: ${failure}`);
  benchRow({
    bench: 'book-settle',
    case: 'ledger check after',
    figure: report.failures.length,
    unit: 'failed checks',
    budget: 'ok (0 failed)',
    ok: report.ok,
  });
});
