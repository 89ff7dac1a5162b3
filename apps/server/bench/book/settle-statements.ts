import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import pg from 'pg';
import { receiveBatch } from '../../src/modules/feed/sequence.js';
import { settlementsDone } from '../../src/modules/taiqiu/service.js';
import { saveProvider } from '../../src/modules/feed/providers.js';
import { inTransaction } from '../../src/platform/db.js';
import { monotonicMs } from '../lib/clock.js';
import { createPlayers } from '../lib/players.js';
import { withScratchDatabase } from '../lib/scratch-db.js';
import { FeedMatch } from './feed.js';
import { benchContext, feedMatchId, fundPlayers, seedOpenBets } from './seed.js';

/*
 * Where a settlement's time goes, statement by statement (a diagnostic of the settlement
 * benchmark, no budget): in this one process, on a scratch database, the feed's services apply a
 * match to 3:3 with frame 7 on (receiveBatch, as the feed's call does, without HTTP), BETS open bets
 * are placed on it (seed.ts), then the deciding batch (frame 7's end, match_ended) is applied and
 * settled. node-postgres's client is wrapped, as test/helpers/query-capture.ts wraps it, to count
 * each statement the settlement sends and the time to its answer; printed per settled bet, the
 * costliest first, with this process's CPU time. `--profile <file>`: a CPU profile of the
 * settlement alone (V8's, as --cpu-prof writes; read it with bench/api/cpu-profile.ts).
 * Usage: npx tsx --conditions=source bench/book/settle-statements.ts [bets, default 2000] [--profile <file>]
 */

const args = process.argv.slice(2);
const profileFile = args.includes('--profile') ? args[args.indexOf('--profile') + 1] : undefined;
const BETS = Number(args.find((a, i) => /^\d+$/.test(a) && args[i - 1] !== '--profile') ?? 2_000);
const PER_PLAYER = 10;

type Query = (this: pg.Client, ...args: unknown[]) => unknown;
const proto = pg.Client.prototype as unknown as { query: Query };
const original = proto.query;
const statements = new Map<string, { n: number; ms: number }>();
let counting = false;
proto.query = function (this: pg.Client, ...args: unknown[]) {
  const [first] = args;
  const config = (typeof first === 'string' ? { text: first } : (first ?? {})) as pg.QueryConfig;
  const text = (typeof config.text === 'string' ? config.text : '').replace(/\s+/g, ' ').trim().slice(0, 100);
  const sent = monotonicMs();
  const result = original.apply(this, args) as Promise<unknown> | undefined;
  if (counting && typeof result?.then === 'function') {
    const count = () => {
      const s = statements.get(text) ?? { n: 0, ms: 0 };
      s.n += 1;
      s.ms += monotonicMs() - sent;
      statements.set(text, s);
    };
    result.then(count, count);
  }
  return result;
};

await withScratchDatabase(async (database) => {
  const ctx = benchContext(database);
  const log = { error: (obj: object, msg: string) => console.error(msg, obj) };
  const provider = { id: 'probe', name: 'Probe', enabled: true, staleSeconds: 600 };
  await inTransaction(ctx.db, (tx) => saveProvider(tx, ctx, provider));
  const match = new FeedMatch('settle');
  await receiveBatch(ctx, log, provider.id, match.toThreeAll());
  const matchId = await feedMatchId(database, provider.id, match.ref);
  const players = await createPlayers(database, Math.ceil(BETS / PER_PLAYER), 'probe');
  await fundPlayers(ctx, players, PER_PLAYER * 2_000);
  const bets = await seedOpenBets(ctx, matchId, players, PER_PLAYER, 1_000);

  const profiler = profileFile ? new Session() : null;
  if (profiler) {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
  }
  counting = true;
  const started = monotonicMs();
  const cpu = process.cpuUsage();
  await receiveBatch(ctx, log, provider.id, [match.frameEnded('a'), match.ended()]);
  await settlementsDone(ctx);
  const ms = monotonicMs() - started;
  const { user, system } = process.cpuUsage(cpu);
  counting = false;
  if (profiler && profileFile) {
    const { profile } = await profiler.post('Profiler.stop');
    writeFileSync(profileFile, JSON.stringify(profile));
    profiler.disconnect();
  }
  await ctx.live.stop();

  const total = [...statements.values()].reduce((n, s) => n + s.n, 0);
  console.log(
    `${bets} bets settled in ${(ms / 1000).toFixed(1)} s: ${((ms / bets) * 1000).toFixed(0)} µs a bet, ` +
      `${(total / bets).toFixed(1)} statements a bet, this process's CPU ${(((user + system) / 1000 / bets) * 1000).toFixed(0)} µs a bet`,
  );
  console.log('a bet   µs a bet  statement (sent → answered, the time summed)');
  for (const [text, s] of [...statements].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25)) {
    console.log(`${(s.n / bets).toFixed(2).padStart(5)} ${((s.ms / bets) * 1000).toFixed(0).padStart(9)}  ${text}`);
  }
});
