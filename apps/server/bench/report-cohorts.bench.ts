/*
 * The players report's retention cohorts over 100,000 players registered over 90 days answer in
 * under 300 ms p95 on PostgreSQL (docs/design.md §9, "Reports"); the players report by day, week
 * and month and the top winners and losers over the same 90 days are timed and printed too.
 * Reports the cohorts' p95 (with the limit) and the others' slowest to the bench runner
 * (`npm run bench`). Not a test.
 *
 * The report reads only the daily roll-ups (agent_daily) and the players' names, so no bet or
 * order is written: the players' activity is modelled by the roll-up rows it would leave. Its
 * model: each player registers on a day of the 90 (uniformly), plays that day with probability
 * 0.6 and k days later with 0.4 / √k (D1 40 %, D7 15 %, D30 7 %: a typical decay), each active
 * day in one game type and, one day in three, a second; 30 % make their first deposit on the day
 * they register, and one active day in four moves money (the '' row). That is about 540,000
 * active player-days and 850,000 roll-up rows. Cohort figures of closed days are cached
 * (player_cohorts) on the first request (a warm-up run); its time is printed.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { reportAdmin } from '@breakshot/contracts';
import { playersReport, retentionCohorts, topPlayers } from '../src/modules/report/players.js';
import { getSysConfig } from '../src/modules/system/service.js';
import { queryRows, type Database } from '../src/platform/db.js';
import { addDays, localDate, localDayStart } from '../src/platform/time-range.js';
import { withScratchDatabase } from './lib/scratch-db.js';
import { benchRow, roundToTenth } from './lib/result.js';
import { timed } from './scratch-team.js';

const PLAYERS = 100_000;
const DAYS = 90;
/** The players' ids start here, clear of the seed's accounts. */
const FIRST_ID = 1_000_001;
const LIMIT_MS = 300;
const RUNS = 30;
const WARMUP = 2;

/** The players, registered over the 90 days ending today, and the roll-ups their activity leaves. */
async function buildPlayers(database: Database, today: string): Promise<number> {
  const start = addDays(today, -(DAYS - 1));
  const games = `(ARRAY['taiqiu', 'slots', 'poker'])`;
  await database.withConnection(async (conn) => {
    await conn.exec(`
      CREATE TEMP TABLE registered AS
        SELECT i AS id, abs(hashtext('r' || i)) % ${DAYS} AS r FROM generate_series(${FIRST_ID}, ${FIRST_ID + PLAYERS - 1}) i;
      INSERT INTO users (id, username, password_hash, nickname, invite_code, parent_id, vip_level, created_at)
      SELECT id, 'player' || id, 'x', 'player' || id, 'P' || id, NULL, 0, DATE '${start}' + r + interval '12 hours'
      FROM registered;
      SELECT setval('users_id_seq', ${FIRST_ID + PLAYERS});

      CREATE TEMP TABLE active AS
        SELECT id, r + k AS k, abs(hashtext(id || ':' || k)) AS h
        FROM registered, generate_series(0, ${DAYS - 1}) k
        WHERE r + k < ${DAYS}
          AND abs(hashtext(id || ':' || k)) % 1000000 < CASE WHEN k = 0 THEN 600000 ELSE 400000 / sqrt(k) END;
      INSERT INTO agent_daily (user_id, day, game_type, bet_count, stake, valid_bet, payout)
      SELECT id, DATE '${start}' + k, g, bets, stake, stake * 9 / 10, stake * ((h / 7) % 200) / 100
      FROM (
        SELECT id, k, h, ${games}[1 + h % 3] AS g, 1 + h % 20 AS bets, (1 + h % 20) * (100 + (h / 13) % 5000) AS stake FROM active
        UNION ALL
        SELECT id, k, h, ${games}[1 + (h % 3 + 1) % 3], 1 + h % 5, (1 + h % 5) * (100 + (h / 37) % 5000)
        FROM active WHERE (h / 3) % 3 = 0
      ) played;

      INSERT INTO agent_daily (user_id, day, game_type, registrations, deposits, deposit_count, first_deposit_count, first_deposits)
      SELECT id, DATE '${start}' + r, '', 1, d, sign(d), sign(d), d
      FROM (SELECT id, r, CASE WHEN abs(hashtext('d' || id)) % 100 < 30 THEN 1000 * (10 + id % 490) ELSE 0 END AS d
            FROM registered) firsts;
      INSERT INTO agent_daily (user_id, day, game_type, deposits, deposit_count, rebates)
      SELECT id, DATE '${start}' + k, '', 1000 * (1 + h % 500), 1, h % 1000 FROM active WHERE (h / 29) % 4 = 0
      ON CONFLICT (user_id, day, game_type) DO UPDATE SET deposits = agent_daily.deposits + excluded.deposits,
        deposit_count = agent_daily.deposit_count + 1, rebates = excluded.rebates;
    `);
    // As autovacuum leaves a live database: statistics, and the visibility map for index-only scans.
    await conn.exec('VACUUM ANALYZE');
  });
  const [count] = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM agent_daily`);
  return count?.n ?? 0;
}

type Case = [string, () => Promise<unknown>];

function casesFor(database: Database, range: { from: string; to: string }): Case[] {
  const db = database.db;
  const players = (group: 'day' | 'week' | 'month') => {
    const input = reportAdmin.playersReport.request.parse({ ...range, group });
    return () => playersReport(db, input);
  };
  const top = (side: 'winners' | 'losers') => {
    const input = reportAdmin.topPlayers.request.parse({ ...range, side, top: 100, pageSize: 100 });
    return () => topPlayers(db, input);
  };
  return [
    ...(['day', 'week', 'month'] as const).map((group): Case => [`players by ${group}`, players(group)]),
    ['top winners', top('winners')],
    ['top losers', top('losers')],
  ];
}

async function main(): Promise<void> {
  await withScratchDatabase(async (database) => {
    const now = new Date();
    const { timeZone } = await getSysConfig(database.db);
    const today = localDate(now, timeZone);
    let started = performance.now();
    const rows = await buildPlayers(database, today);
    console.log(
      `\n${PLAYERS.toLocaleString('en')} players over ${DAYS} days: ${rows.toLocaleString('en')} roll-up rows, built in ${Math.round(performance.now() - started)} ms; limit ${LIMIT_MS} ms p95 (cohorts)`,
    );
    const range = {
      from: localDayStart(addDays(today, -(DAYS - 1)), timeZone).toISOString(),
      to: localDayStart(addDays(today, 1), timeZone).toISOString(),
    };
    const cohortsInput = reportAdmin.retentionCohorts.request.parse({ ...range, pageSize: 100 });
    const cohorts = () => retentionCohorts(database.db, cohortsInput, now);
    started = performance.now();
    await cohorts();
    console.log(
      `cohorts, first request (fills the cache of closed days): ${Math.round(performance.now() - started)} ms`,
    );

    console.log(`${'case'.padEnd(28)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}`);
    const print = (label: string, t: { p50: number; p95: number }, over = false) =>
      console.log(
        `${label.padEnd(28)} ${t.p50.toFixed(1).padStart(8)} ${t.p95.toFixed(1).padStart(8)}${over ? '  OVER' : ''}`,
      );
    const cohortTimes = await timed(cohorts, RUNS, WARMUP);
    print('retention cohorts', cohortTimes, cohortTimes.p95 > LIMIT_MS);
    benchRow({
      bench: 'report-cohorts',
      case: `retention cohorts, ${DAYS} days of ${PLAYERS.toLocaleString('en')} players p95`,
      figure: roundToTenth(cohortTimes.p95),
      unit: 'ms',
      budget: `<= ${LIMIT_MS} ms`,
      ok: cohortTimes.p95 <= LIMIT_MS,
    });
    let slowest = { label: '', p95: 0 };
    for (const [label, fn] of casesFor(database, range)) {
      const times = await timed(fn, RUNS, WARMUP);
      if (times.p95 > slowest.p95) slowest = { label, p95: times.p95 };
      print(label, times);
    }
    benchRow({
      bench: 'report-cohorts',
      case: `players report and top lists, ${DAYS} days: slowest p95 (${slowest.label})`,
      figure: roundToTenth(slowest.p95),
      unit: 'ms',
      budget: 'printed',
      ok: true,
    });
  });
}

await main();
