import type { reportAdmin } from '@breakshot/contracts';
import type { z } from 'zod';
import type { Conn } from '../../platform/db.js';
import { periodsBetween } from '../../platform/periods.js';
import { localDate } from '../../platform/time-range.js';
import {
  playerFiguresByPeriod,
  retentionCohorts as cohortsOf,
  topWinLoss,
  type DayRange,
  type PeriodPlayers,
} from '../agents/service.js';
import { usernamesOf } from '../auth/service.js';
import { getSysConfig } from '../system/service.js';

/*
 * The operator's players report (docs/design.md §9, "Reports"): registrations, first deposits,
 * conversion and active players per period, retention by registration day, and the top winners
 * and losers, all from the agents module's daily roll-ups (every player has them). A report: it
 * reads a replica where one is configured.
 */

type PlayersInput = z.output<(typeof reportAdmin)['playersReport']['request']>;
type CohortsInput = z.output<(typeof reportAdmin)['retentionCohorts']['request']>;
type TopInput = z.output<(typeof reportAdmin)['topPlayers']['request']>;
type Paging = { page: number; pageSize: number };

/** The site days [from, to) covers: the roll-ups' days. */
function dayRange(input: { from: string; to: string }, timeZone: string): DayRange {
  return {
    first: localDate(new Date(input.from), timeZone),
    last: localDate(new Date(Date.parse(input.to) - 1), timeZone),
  };
}

const pageOf = <T>(rows: T[], input: Paging) => {
  const start = (input.page - 1) * input.pageSize;
  return { list: rows.slice(start, start + input.pageSize), total: rows.length, ...input };
};

const noPlayers: PeriodPlayers = {
  registrations: 0,
  firstDepositors: 0,
  firstDeposits: 0,
  converted: 0,
  activePlayers: 0,
};

/** A period's figures with the conversion rate in basis points. */
const withConversion = (p: PeriodPlayers): reportAdmin.PlayerFigures => ({
  ...p,
  conversionBp: p.registrations === 0 ? 0 : Math.floor((p.converted * 10_000) / p.registrations),
});

/** The players' figures per period of the range (every one, oldest first), a page of them, and the totals. */
export async function playersReport(db: Conn, input: PlayersInput) {
  const { timeZone } = await getSysConfig(db);
  const figures = await playerFiguresByPeriod(db, dayRange(input, timeZone), input.group);
  const periods = periodsBetween(new Date(input.from), new Date(input.to), input.group, timeZone);
  const rows = periods.map((period) => ({ period, ...withConversion(figures.get(period) ?? noPlayers) }));
  return { ...pageOf(rows, input), totals: withConversion(figures.get(null) ?? noPlayers), timeZone };
}

/** Retention per registration day of the range, oldest first, a page of them. */
export async function retentionCohorts(db: Conn, input: CohortsInput, now: Date) {
  const { timeZone } = await getSysConfig(db);
  const cohorts = await cohortsOf(db, dayRange(input, timeZone), now, timeZone);
  const rows = cohorts.map((c) => ({
    day: c.day,
    registered: c.registered,
    d1: c.retained[1],
    d7: c.retained[7],
    d30: c.retained[30],
  }));
  return { ...pageOf(rows, input), timeZone };
}

/** The range's top winners or losers with their names, a page of them. */
export async function topPlayers(db: Conn, input: TopInput) {
  const { timeZone } = await getSysConfig(db);
  const top = await topWinLoss(db, dayRange(input, timeZone), input.side, input.top);
  const names = await usernamesOf(
    db,
    top.map((p) => p.userId),
  );
  const rows = top.map((p) => ({ ...p, username: names.get(p.userId) ?? '' }));
  return pageOf(rows, input);
}
