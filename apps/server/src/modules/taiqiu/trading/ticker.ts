import { sql, type SQL } from 'drizzle-orm';
import { taiqiuAdmin, type taiqiu } from '@breakshot/contracts';
import { queryRows, type Conn } from '../../../platform/db.js';
import { hasTag, tagsOf } from '../../player-risk/service.js';
import { PARLAY_ROUND } from '../parlay/slips.js';

/*
 * The bet ticker (docs/design.md §9, "The ticker"): billiards bets newest first, each with its
 * player's name, stake factor and tags, and its legs as the bet took them (the names are the bet's own,
 * written when it was placed). Pages back by id; the console reads the first page again when the
 * book moves (trading/news.ts).
 */

type Filter = taiqiuAdmin.TickerRequest;

interface BetLine {
  id: number;
  betNo: string;
  userId: number;
  username: string;
  stakeFactorBp: number;
  roundId: string;
  marketId: number | null;
  marketType: taiqiu.MarketType | null;
  gameName: string;
  marketName: string | null;
  selectionName: string | null;
  oddsMilli: number | null;
  potentialReturn: string | null;
  stake: string;
  askedStake: string | null;
  status: taiqiu.BetStatus;
  placedAt: Date | string;
}

interface LegLine {
  betId: number;
  matchId: number;
  marketId: number;
  marketType: taiqiu.MarketType;
  gameName: string;
  marketName: string;
  selectionName: string;
  oddsMilli: number;
}

export async function tickerBets(db: Conn, filter: Filter): Promise<taiqiuAdmin.TickerPage> {
  const rows = await queryRows<BetLine>(
    db,
    sql`SELECT b.id::int AS id, b.bet_no AS "betNo", b.user_id::int AS "userId", u.username,
               coalesce(pl.stake_factor_bp, 10000) AS "stakeFactorBp", b.round_id AS "roundId",
               b.market_id::int AS "marketId", b.market_type AS "marketType", b.game_name AS "gameName",
               b.market_name AS "marketName", b.selection_name AS "selectionName", b.odds_milli AS "oddsMilli",
               p.potential_return AS "potentialReturn", b.stake, b.asked_stake AS "askedStake", b.status,
               b.placed_at AS "placedAt"
        FROM bets b
        JOIN users u ON u.id = b.user_id
        LEFT JOIN taiqiu_player_limits pl ON pl.user_id = b.user_id
        LEFT JOIN taiqiu_parlays p ON p.bet_id = b.id
        WHERE ${sql.join(conditionsOf(filter), sql` AND `)}
        ORDER BY b.id DESC
        LIMIT ${taiqiuAdmin.TICKER_PAGE + 1}`,
  );
  const page = rows.slice(0, taiqiuAdmin.TICKER_PAGE);
  const [legs, tags] = await Promise.all([
    parlayLegsOf(
      db,
      page.filter((r) => r.roundId === PARLAY_ROUND).map((r) => r.id),
    ),
    tagsOf(db, [...new Set(page.map((r) => r.userId))]),
  ]);
  return {
    items: page.map((r) => tickerBetOf(r, legs.get(r.id) ?? [], tags.get(r.userId) ?? [])),
    more: rows.length > page.length,
  };
}

/** The filter as conditions on `b`: a match's singles and the parlays with a leg on it, a market type's likewise. */
function conditionsOf(filter: Filter): SQL[] {
  const where = [sql`b.game_type = 'taiqiu'`];
  if (filter.beforeId !== undefined) where.push(sql`b.id < ${filter.beforeId}`);
  if (filter.minStake !== undefined) where.push(sql`b.stake >= ${filter.minStake}`);
  if (filter.tag !== undefined) where.push(hasTag(sql`b.user_id`, filter.tag));
  if (filter.matchId !== undefined) {
    where.push(sql`b.id IN (SELECT id FROM bets WHERE game_type = 'taiqiu' AND round_id = ${String(filter.matchId)}
                            UNION ALL
                            SELECT bet_id FROM taiqiu_parlay_legs WHERE match_id = ${filter.matchId})`);
  }
  if (filter.marketType !== undefined) {
    where.push(sql`(b.market_type = ${filter.marketType} OR (b.round_id = ${PARLAY_ROUND} AND EXISTS (
                      SELECT 1 FROM taiqiu_parlay_legs l JOIN taiqiu_markets m ON m.id = l.market_id
                      WHERE l.bet_id = b.id AND m.type = ${filter.marketType})))`);
  }
  return where;
}

async function parlayLegsOf(db: Conn, betIds: number[]): Promise<Map<number, LegLine[]>> {
  const found = new Map<number, LegLine[]>();
  if (betIds.length === 0) return found;
  const rows = await queryRows<LegLine>(
    db,
    sql`SELECT l.bet_id::int AS "betId", l.match_id::int AS "matchId", l.market_id::int AS "marketId",
               m.type AS "marketType", l.game_name AS "gameName", l.market_name AS "marketName",
               l.selection_name AS "selectionName", l.odds_milli AS "oddsMilli"
        FROM taiqiu_parlay_legs l JOIN taiqiu_markets m ON m.id = l.market_id
        WHERE l.bet_id IN (${sql.join(
          betIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        ORDER BY l.bet_id, l.leg`,
  );
  for (const leg of rows) found.set(leg.betId, [...(found.get(leg.betId) ?? []), leg]);
  return found;
}

function tickerBetOf(r: BetLine, parlayLegs: LegLine[], tags: string[]): taiqiuAdmin.TickerBet {
  const stake = Number(r.stake);
  const single = r.roundId !== PARLAY_ROUND;
  const legs = single
    ? [
        {
          matchId: Number(r.roundId),
          marketId: r.marketId!,
          marketType: r.marketType!,
          gameName: r.gameName,
          marketName: r.marketName ?? '',
          selectionName: r.selectionName ?? '',
          oddsMilli: r.oddsMilli!,
        },
      ]
    : parlayLegs;
  return {
    id: r.id,
    betNo: r.betNo,
    userId: r.userId,
    username: r.username,
    stakeFactorBp: Number(r.stakeFactorBp),
    tags,
    kind: single ? 'single' : 'parlay',
    legs: legs.map((l) => ({
      matchId: l.matchId,
      matchName: l.gameName,
      marketId: l.marketId,
      marketType: l.marketType,
      marketName: l.marketName,
      selectionName: l.selectionName,
      odds: l.oddsMilli / 1000,
    })),
    odds: single ? r.oddsMilli! / 1000 : Math.floor((Number(r.potentialReturn) * 100) / stake) / 100,
    stake,
    askedStake: r.askedStake === null ? null : Number(r.askedStake),
    status: r.status,
    at: new Date(r.placedAt).toISOString(),
  };
}
