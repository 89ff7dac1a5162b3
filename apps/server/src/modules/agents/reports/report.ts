import type { z } from 'zod';
import { agentReports, bets } from '@breakshot/contracts';
import type { Conn } from '../../../platform/db.js';
import { addDays, localDate, mondayOf } from '../../../platform/time-range.js';
import { getSysConfig } from '../../system/service.js';
import { profileOf } from '../profiles.js';
import type { RollupGameType } from '../report-tables.js';
import { commissionByDay, dividendsByWeekEnd, dividendWeeks } from './earnings.js';
import { FIGURES, openDayOf, teamSums, type FigureKey, type TeamQuery } from './team-sums.js';

/*
 * agent/report: each kind answers the columns REPORT_LAYOUTS lists for it, for every day (or
 * dividend week) of the period, newest first, zeros included. The team's figures are one
 * roll-up query (team-sums.ts); my commission and dividend come from statements or estimates.
 */

type ReportInput = z.output<typeof agentReports.agentReportRequest>;
type ReportKind = agentReports.ReportKind;
type DayKind = Exclude<ReportKind, 'dividend'>;
type Values = Record<string, number>;
type Report = Omit<z.output<typeof agentReports.agentReport.response>['data'], 'kind' | 'timeZone'>;

/** A column whose key names another roll-up figure (poker insurance's net is the insurance's). */
const ALIASES: Partial<Record<ReportKind, Record<string, FigureKey>>> = { pokerInsurance: { net: 'insuranceNet' } };

const columnsOf = (kind: ReportKind) => agentReports.REPORT_LAYOUTS[kind].columns.map((c) => c.key as string);
const pick = (keys: string[], from: Values): Values => Object.fromEntries(keys.map((k) => [k, from[k] ?? 0]));
const total = (amounts: Iterable<number> | undefined) => [...(amounts ?? [])].reduce((a, b) => a + b, 0);

/** Days from `to` back to `from`. */
function daysDown(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = to; day >= from; day = addDays(day, -1)) days.push(day);
  return days;
}

/** My earnings of a day beside the team's figures (commission, dividend, my insurance share). */
type Earned = (day: string, team: Values) => Values;
type Commission = Awaited<ReturnType<typeof commissionByDay>>;

const WITH_COMMISSION: readonly ReportKind[] = ['team', 'costs', 'games'];

/** What I earned over the period, read at once beside the team's figures. */
async function earnedOf(
  db: Conn,
  kind: DayKind,
  q: TeamQuery,
  today: string,
): Promise<[Earned | undefined, Commission]> {
  const [commission, dividends, terms] = await Promise.all([
    WITH_COMMISSION.includes(kind)
      ? commissionByDay(db, q.agentId, q.scope, { ...q, today }, kind === 'games')
      : new Map<string, Map<RollupGameType, number>>(),
    kind === 'team' ? dividendsByWeekEnd(db, q.agentId, q.from, q.to) : undefined,
    kind === 'pokerInsurance' ? profileOf(db, q.agentId) : undefined,
  ]);
  const commissionOf = (day: string) => total(commission.get(day)?.values());
  switch (kind) {
    case 'team':
      return [(day) => ({ commission: commissionOf(day), dividend: dividends?.get(day) ?? 0 }), commission];
    case 'costs':
    case 'games':
      return [(day) => ({ commission: commissionOf(day) }), commission];
    case 'pokerInsurance':
      // My share of what the house kept on insurance, at my dividend ratio.
      return [
        (_day, team) => ({ myShare: Math.trunc((-(team.net ?? 0) * (terms?.dividendRatioBp ?? 0)) / 10_000) }),
        commission,
      ];
    default:
      return [undefined, commission];
  }
}

async function dayReport(db: Conn, kind: DayKind, q: TeamQuery, today: string): Promise<Report> {
  const columns = columnsOf(kind);
  const aliases = ALIASES[kind] ?? {};
  const figureOf = (key: string) => aliases[key] ?? (key in FIGURES ? (key as FigureKey) : undefined);
  const figures = columns.flatMap((k) => figureOf(k) ?? []);
  const [sums, [earned, commission]] = await Promise.all([
    teamSums(db, q, figures, 'day', kind === 'games'),
    earnedOf(db, kind, q, today),
  ]);
  const teamValues = (found: Record<string, number> | undefined): Values =>
    Object.fromEntries(columns.flatMap((k) => (figureOf(k) ? [[k, found?.[figureOf(k)!] ?? 0]] : [])));

  const summary = teamValues(sums.total);
  const rows = daysDown(q.from, q.to).map((date) => {
    const team = teamValues(sums.rows.get(date));
    const mine = earned?.(date, team) ?? {};
    for (const [k, v] of Object.entries(mine)) summary[k] = (summary[k] ?? 0) + v;
    return { date, values: pick(columns, { ...team, ...mine }) };
  });
  const report: Report = { summary: pick(columns, summary), rows };
  if (kind === 'games') report.byGameType = byGameType(sums.games, commission);
  return report;
}

/** yxsy: the period per game type, with my commission on each. */
function byGameType(sums: Map<string, Record<string, number>>, commission: Commission) {
  return bets.gameTypes.map((gameType) => ({
    gameType,
    values: {
      validBet: sums.get(gameType)?.validBet ?? 0,
      winLoss: sums.get(gameType)?.winLoss ?? 0,
      commission: total([...commission.values()].map((games) => games.get(gameType) ?? 0)),
    },
  }));
}

/**
 * fenhongbb: every dividend week the period touches (keyed by its Monday), the team's net loss
 * and costs over the whole week, and my dividend with its carry-in, the ratio it was settled at
 * (my ratio now while open) and status. The summary's carry-in is the one into the oldest week;
 * its ratio, my ratio now.
 */
async function dividendReport(db: Conn, q: TeamQuery, today: string): Promise<Report> {
  const mondays = daysDown(mondayOf(q.from), mondayOf(q.to)).filter((_, i) => i % 7 === 0);
  const [sums, weeks, { dividendRatioBp }] = await Promise.all([
    teamSums(db, { ...q, from: mondays.at(-1)!, to: addDays(mondays[0]!, 6) }, ['netLoss', 'costs'], 'week'),
    dividendWeeks(db, q.agentId, mondays, mondayOf(today)),
    profileOf(db, q.agentId),
  ]);
  const rows = mondays.map((date) => {
    const week = weeks.get(date)!;
    const team = sums.rows.get(date);
    return {
      date,
      values: {
        netLoss: team?.netLoss ?? 0,
        costs: team?.costs ?? 0,
        carryIn: week.carryIn,
        ratioBp: week.ratioBp ?? dividendRatioBp,
        dividend: week.dividend,
      },
      status: week.status,
    };
  });
  const summary = {
    netLoss: sums.total.netLoss,
    costs: sums.total.costs,
    carryIn: rows.at(-1)!.values.carryIn,
    ratioBp: dividendRatioBp,
    dividend: total(rows.map((r) => r.values.dividend)),
  };
  return { summary, rows };
}

export async function agentReport(db: Conn, agentId: number, input: ReportInput, now: Date) {
  const { timeZone } = await getSysConfig(db);
  const today = localDate(now, timeZone);
  const q: TeamQuery = {
    agentId,
    scope: input.scope,
    from: input.from,
    to: input.to,
    openFrom: openDayOf(now, timeZone),
  };
  const report =
    input.kind === 'dividend' ? await dividendReport(db, q, today) : await dayReport(db, input.kind, q, today);
  return { kind: input.kind, timeZone, ...report };
}
