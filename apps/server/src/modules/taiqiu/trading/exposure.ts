import { and, asc, count, inArray, isNull } from 'drizzle-orm';
import { taiqiuAdmin } from '@breakshot/contracts';
import type { Conn } from '../../../platform/db.js';
import { openBetCounts } from '../../bets/service.js';
import { alerts, markets, matches } from '../tables.js';
import { liabilityOf } from './liability.js';
import { liabilityLimitOf, tradingRulesRow } from './rules.js';

/*
 * The book's exposure overview (docs/design.md §9, "Exposure"): each match open to bets with its
 * open bets, running stakes and worst case, how full its fullest limited market is, its held
 * markets and its open alerts; the worst first, and the book's totals.
 */

export async function bookExposure(db: Conn, now: Date) {
  const open = await db
    .select()
    .from(matches)
    .where(inArray(matches.status, ['scheduled', 'live']))
    .orderBy(asc(matches.startAt), asc(matches.id))
    .limit(taiqiuAdmin.EXPOSURE_MATCHES);
  const ids = open.map((m) => m.id);
  const [liability, bets, marketRows, alerted, book] = await Promise.all([
    liabilityOf(db, ids),
    openBetCounts(db, 'taiqiu', ids.map(String)),
    ids.length === 0
      ? []
      : db
          .select({ id: markets.id, matchId: markets.matchId, type: markets.type, held: markets.held })
          .from(markets)
          .where(inArray(markets.matchId, ids)),
    openAlertsByMatch(db, ids),
    tradingRulesRow(db),
  ]);
  const marketById = new Map(marketRows.map((m) => [m.id, m]));
  const list = open.map((m): taiqiuAdmin.ExposureMatch => {
    const found = liability.get(m.id)!;
    const fullness = found.markets.flatMap((k) => {
      const limit = liabilityLimitOf(book, m, marketById.get(k.marketId)!.type);
      return limit === null ? [] : [Math.floor((Math.max(k.worst, 0) * 10_000) / limit)];
    });
    return {
      matchId: m.id,
      matchName: `${m.playerAName} vs ${m.playerBName}`,
      status: m.status as 'scheduled' | 'live',
      startAt: m.startAt.toISOString(),
      score: { a: m.scoreA, b: m.scoreB },
      openBets: bets.get(String(m.id)) ?? 0,
      stake: found.markets.reduce((sum, k) => sum + k.stake, 0),
      worst: found.worst,
      fullestBp: fullness.length === 0 ? null : Math.max(...fullness),
      heldMarkets: marketRows.filter((k) => k.matchId === m.id && k.held).length,
      openAlerts: alerted.get(m.id) ?? 0,
    };
  });
  list.sort((x, y) => y.worst - x.worst || x.matchId - y.matchId);
  return {
    matches: list,
    openBets: sumOf(list, 'openBets'),
    stake: sumOf(list, 'stake'),
    worst: sumOf(list, 'worst'),
    at: now.toISOString(),
  };
}

const sumOf = (list: taiqiuAdmin.ExposureMatch[], key: 'openBets' | 'stake' | 'worst') =>
  list.reduce((sum, m) => sum + m[key], 0);

async function openAlertsByMatch(db: Conn, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ matchId: alerts.matchId, n: count() })
    .from(alerts)
    .where(and(isNull(alerts.ackedAt), inArray(alerts.matchId, ids)))
    .groupBy(alerts.matchId);
  return new Map(rows.map((r) => [r.matchId, r.n]));
}
