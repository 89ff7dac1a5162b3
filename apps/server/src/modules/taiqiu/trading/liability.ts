import { sql } from 'drizzle-orm';
import { parlay, type taiqiuAdmin } from '@breakshot/contracts';
import { isLiteral, queryRows, type Conn } from '../../../platform/db.js';
import { parlaysOf, PARLAY_ROUND } from '../parlay/slips.js';

/*
 * The book's liability (docs/design.md §9, "Liability"), worked out from the bets as they stand:
 * for every undecided selection of a market not closed, the running stakes on it (what cash-outs
 * left) and what they return if it wins; its net, that return less every running stake its market
 * holds (what the book loses on the market if it wins; below 0, a gain). A single counts on its
 * selection; a parlay still alive counts a share on each of its undecided legs: its return if they
 * all win, and its running stake, each split evenly among them (rounded down). Bets count once open:
 * an in-play bet pending its acceptance delay joins when accepted. A market's worst case is its
 * largest net; a match's, its markets' summed.
 */

type MarketLiability = taiqiuAdmin.MarketLiability;

/** The running stakes on a selection and their return if it wins. */
interface Exposure {
  bets: number;
  stake: number;
  payout: number;
}

export interface MatchLiability {
  worst: number;
  markets: MarketLiability[];
}

/**
 * Which bets count: `pending` adds the bets still in their acceptance delay (the limits count
 * what the book may stand to lose once they are accepted); `marketId` reads one market only.
 */
export interface Counted {
  pending?: boolean;
  marketId?: number;
}

/** Each match's liability, its markets in id order. A match with nothing undecided has none: worst 0. */
export async function liabilityOf(
  db: Conn,
  matchIds: number[],
  counted: Counted = {},
): Promise<Map<number, MatchLiability>> {
  const found = new Map<number, MatchLiability>(matchIds.map((id) => [id, { worst: 0, markets: [] }]));
  if (matchIds.length === 0) return found;
  const [open, singles, parlays] = await Promise.all([
    undecidedSelections(db, matchIds, counted),
    singlesOn(db, matchIds, counted),
    parlaySharesOn(db, matchIds, counted),
  ]);
  const byMarket = new Map<number, { matchId: number; selections: number[] }>();
  for (const s of open) {
    const market = byMarket.get(s.marketId) ?? { matchId: s.matchId, selections: [] };
    market.selections.push(s.id);
    byMarket.set(s.marketId, market);
  }
  for (const [marketId, { matchId, selections }] of byMarket) {
    const exposures = selections.map((id) => sum(singles.get(id), parlays.get(id)));
    const stake = exposures.reduce((total, e) => total + e.stake, 0);
    const rows = selections.map((selectionId, i) => {
      const { bets, stake: on, payout } = exposures[i]!;
      return { selectionId, bets, stake: on, payout, net: payout - stake };
    });
    const worst = Math.max(...rows.map((r) => r.net));
    const match = found.get(matchId)!;
    match.markets.push({ marketId, stake, worst, selections: rows });
    match.worst += worst;
  }
  return found;
}

const none: Exposure = { bets: 0, stake: 0, payout: 0 };

const sum = (a: Exposure = none, b: Exposure = none): Exposure => ({
  bets: a.bets + b.bets,
  stake: a.stake + b.stake,
  payout: a.payout + b.payout,
});

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}::bigint`),
    sql`, `,
  );

const onMarket = (column: string, counted: Counted) =>
  counted.marketId === undefined ? sql`` : sql` AND ${sql.raw(column)} = ${counted.marketId}`;

/** The undecided selections of the matches' markets not closed, in id order. */
const undecidedSelections = (db: Conn, matchIds: number[], counted: Counted) =>
  queryRows<{ id: number; marketId: number; matchId: number }>(
    db,
    // The markets first, then their selections by market_id: each read through its index.
    sql`SELECT s.id::int AS id, s.market_id::int AS "marketId", m.match_id::int AS "matchId"
        FROM taiqiu_selections s JOIN taiqiu_markets m ON m.id = s.market_id
        WHERE s.market_id = ANY (ARRAY(
                SELECT id FROM taiqiu_markets
                WHERE match_id IN (${idList(matchIds)}) AND status <> 'closed'${onMarket('id', counted)}))
          AND s.result IS NULL
        ORDER BY s.market_id, s.id`,
  );

/** The bets of `status` on the matches (each status read through its own partial index). */
const betsOn = (matchIds: number[], status: 'open' | 'pending', counted: Counted) =>
  sql`SELECT b.selection_id, b.stake, b.cashout_stake, b.odds_milli FROM bets b
      WHERE b.game_type = 'taiqiu' AND b.round_id IN (${sql.join(
        matchIds.map((id) => sql`${String(id)}`),
        sql`, `,
      )})
        AND ${isLiteral(sql`b.status`, status)} AND b.selection_id IS NOT NULL${onMarket('b.market_id', counted)}`;

/** Open singles on the matches, summed per selection: running stake, and its return (each bet's rounded down). */
async function singlesOn(db: Conn, matchIds: number[], counted: Counted): Promise<Map<number, Exposure>> {
  const counting = counted.pending
    ? sql`${betsOn(matchIds, 'open', counted)} UNION ALL ${betsOn(matchIds, 'pending', counted)}`
    : betsOn(matchIds, 'open', counted);
  const rows = await queryRows<{ selectionId: number; bets: number; stake: string; payout: string }>(
    db,
    sql`SELECT b.selection_id::int AS "selectionId", count(*)::int AS bets,
               sum(b.stake - b.cashout_stake) AS stake,
               sum((b.stake - b.cashout_stake) * b.odds_milli / 1000) AS payout
        FROM (${counting}) b
        GROUP BY b.selection_id`,
  );
  return new Map(rows.map((r) => [r.selectionId, { bets: r.bets, stake: Number(r.stake), payout: Number(r.payout) }]));
}

/**
 * Each open parlay with an undecided leg on the matches: its return if every undecided leg wins
 * (its running stake's share, as a cash-out leaves it) and its running stake, each split evenly
 * among its undecided legs, summed per selection. A leg counts as decided once its selection is.
 */
async function parlaySharesOn(db: Conn, matchIds: number[], counted: Counted): Promise<Map<number, Exposure>> {
  const statuses = counted.pending ? sql`('open', 'pending')` : sql`('open')`;
  const slips = await queryRows<{ id: number; stake: string; cashoutStake: string }>(
    db,
    sql`SELECT b.id::int AS id, b.stake, b.cashout_stake AS "cashoutStake" FROM bets b
        WHERE b.id IN (SELECT l.bet_id FROM taiqiu_parlay_legs l
                       WHERE l.match_id IN (${idList(matchIds)}) AND l.result IS NULL)
          AND b.game_type = 'taiqiu' AND b.round_id = ${PARLAY_ROUND} AND b.status IN ${statuses}`,
  );
  const shares = new Map<number, Exposure>();
  if (slips.length === 0) return shares;
  const legsOf = await parlaysOf(
    db,
    slips.map((s) => s.id),
  );
  const decided = await selectionResults(
    db,
    [...legsOf.values()].flatMap((s) => s.legs.map((l) => l.selectionId)),
  );
  for (const slip of slips) {
    const found = legsOf.get(slip.id);
    if (!found) continue;
    const legs = found.legs.map((l) => ({ ...l, result: l.result ?? decided.get(l.selectionId) ?? null }));
    const undecided = legs.filter((l) => l.result === null);
    if (undecided.length === 0) continue;
    const best = parlay.settleSlip(
      found.parlay.unitStake,
      legs.map((l) => ({ oddsMilli: l.oddsMilli, result: l.result ?? ('won' as const) })),
      found.parlay.sizes,
    )!;
    const stake = Number(slip.stake);
    const running = stake - Number(slip.cashoutStake);
    const payout = Number((BigInt(best.payout) * BigInt(running)) / BigInt(stake));
    if (payout === 0) continue; // lost already: nothing left to pay
    const share = {
      bets: 1,
      stake: Math.floor(running / undecided.length),
      payout: Math.floor(payout / undecided.length),
    };
    for (const leg of undecided) shares.set(leg.selectionId, sum(shares.get(leg.selectionId), share));
  }
  return shares;
}

async function selectionResults(db: Conn, ids: number[]): Promise<Map<number, 'won' | 'lost' | 'void'>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: number; result: 'won' | 'lost' | 'void' }>(
    db,
    sql`SELECT id::int AS id, result FROM taiqiu_selections WHERE id IN (${idList([...new Set(ids)])}) AND result IS NOT NULL`,
  );
  return new Map(rows.map((r) => [r.id, r.result]));
}
