import { sql, type SQL } from 'drizzle-orm';
import type { reportAdmin } from '@breakshot/contracts';
import { queryRows, type Conn } from '../../platform/db.js';
import { periodStartOfDay, type PeriodGroup } from '../../platform/periods.js';
import { planDays, planRows } from '../../platform/closed-days.js';
import { betDays, ROUND_KEY, SETTLED_STATUSES } from './report-days.js';
import { reportBetDays } from './tables.js';

/*
 * The bets' side of the operator's profit and loss (docs/design.md §9, "Reports"): the bets
 * settled in a range (won, lost, void or cashed out; a pending bet refused never took a stake),
 * per period of the site's time zone or per game type, game, billiards match or provider. The
 * closed days of the range are read from their cache (report-days.ts), the others from the bets.
 */

type Range = { from: Date; to: Date };
type BetFigures = Omit<reportAdmin.PnlBreakdownRow, 'key' | 'gameType' | 'label'>;
type FigureRow = Omit<BetFigures, 'ggr'>;

const FIGURES = sql.raw(`sum(bets)::bigint AS bets, count(DISTINCT user_id)::bigint AS players,
  coalesce(sum(turnover), 0)::bigint AS turnover, coalesce(sum(valid_bet), 0)::bigint AS "validBet",
  coalesce(sum(payout), 0)::bigint AS payout`);

/** A row's figures as numbers (PostgreSQL's bigint arrives as text), and its GGR. */
function numbers<T extends FigureRow>(row: T): T & { ggr: number } {
  const turnover = Number(row.turnover);
  const payout = Number(row.payout);
  const figures = { bets: Number(row.bets ?? 0), players: Number(row.players), validBet: Number(row.validBet) };
  return { ...row, ...figures, turnover, payout, ggr: turnover - payout };
}

/** The settled bets of the range as rows (day, game_type, game_name, round_key, user_id, bets, turnover, valid_bet, payout). */
export async function settledBetFacts(db: Conn, range: Range, timeZone: string, now: Date): Promise<SQL> {
  const plan = await planDays(db, betDays, range, timeZone, now);
  return planRows(
    plan,
    (first, last) => sql`
      SELECT day, game_type, game_name, round_key, user_id, bets, turnover, valid_bet, payout
      FROM ${reportBetDays} WHERE day >= ${first}::date AND day <= ${last}::date`,
    ({ from, to }) => sql`
      SELECT (settled_at AT TIME ZONE ${timeZone})::date AS day, game_type, game_name, ${ROUND_KEY} AS round_key,
        user_id, 1 AS bets, stake AS turnover, valid_bet, payout
      FROM bets WHERE settled_at >= ${from} AND settled_at < ${to} AND status IN ${SETTLED_STATUSES}`,
  );
}

/** The settled bets' figures per period, and over the whole range (players counted once). */
export async function betFiguresByPeriod(db: Conn, range: Range, group: PeriodGroup, timeZone: string, now: Date) {
  const facts = await settledBetFacts(db, range, timeZone, now);
  const period = periodStartOfDay(sql.raw('day'), group);
  const rows = await queryRows<FigureRow & { period: string | null }>(
    db,
    sql`SELECT to_char(period_start, ${period.format}) AS period, ${FIGURES}
        FROM (SELECT ${period.start} AS period_start, * FROM (${facts}) f) facts
        GROUP BY GROUPING SETS ((period_start), ())`,
  );
  const total = rows.find((r) => r.period === null);
  return {
    periods: new Map(rows.filter((r) => r.period !== null).map(({ period, ...row }) => [period!, numbers(row)])),
    total: numbers(total ?? { bets: 0, players: 0, turnover: 0, validBet: 0, payout: 0 }),
  };
}

/** The columns a breakdown groups by: its key, and its label where the key is not one. */
const DIMENSIONS: Record<reportAdmin.PnlDimension, { key: string; label: string; only?: string }> = {
  game_type: { key: 'game_type', label: 'game_type' },
  game: { key: 'game_name', label: 'game_name' },
  match: { key: 'round_key', label: 'max(game_name)', only: `game_type = 'taiqiu'` },
  provider: { key: `CASE WHEN game_type = 'taiqiu' THEN 'taiqiu' ELSE round_key END`, label: 'NULL' },
};

/** A page of the settled bets' figures by game type, game, match or provider, the largest turnover first. */
export async function betFiguresBy(
  db: Conn,
  range: Range,
  by: reportAdmin.PnlDimension,
  page: { page: number; pageSize: number },
  timeZone: string,
  now: Date,
) {
  const facts = await settledBetFacts(db, range, timeZone, now);
  const { key, label, only } = DIMENSIONS[by];
  const rows = await queryRows<FigureRow & { key: string; gameType: string; label: string | null; total: string }>(
    db,
    sql`SELECT ${sql.raw(key)} AS key, max(game_type) AS "gameType", ${sql.raw(label)} AS label, ${FIGURES},
          count(*) OVER () AS total
        FROM (${facts}) facts ${only ? sql.raw(`WHERE ${only}`) : sql``}
        GROUP BY 1 ORDER BY sum(turnover) DESC, 1
        LIMIT ${page.pageSize} OFFSET ${(page.page - 1) * page.pageSize}`,
  );
  const total = rows[0]
    ? Number(rows[0].total)
    : await queryRows<{ n: number }>(
        db,
        sql`SELECT count(DISTINCT ${sql.raw(key)})::int AS n FROM (${facts}) facts ${only ? sql.raw(`WHERE ${only}`) : sql``}`,
      ).then(([r]) => r?.n ?? 0);
  return {
    list: rows.map(({ total: _total, ...r }) =>
      numbers({ ...r, label: r.label ?? r.key, gameType: r.gameType as reportAdmin.PnlBreakdownRow['gameType'] }),
    ),
    total,
  };
}
