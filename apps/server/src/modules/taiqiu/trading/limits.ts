import { ErrorCode } from '@breakshot/contracts';
import type { AppContext } from '../../../platform/context.js';
import { inTransaction, lockKey, type Tx } from '../../../platform/db.js';
import { AppError } from '../../../platform/errors.js';
import { holdMarket, lockedMatch } from '../operator.js';
import type { MarketRow, SelectionRow } from '../tables.js';
import { raiseAlert } from './alerts.js';
import { liabilityOf } from './liability.js';

/*
 * Liability limits (docs/design.md §9, "Limits"). A bet on a market under a limit takes the
 * market's limit lock, so bets on it are checked one at a time against every bet before them
 * (pending ones included): the limit is never crossed, whatever arrives at once. The lock is
 * taken after the match, market and selection rows, the order every bet follows.
 */

/** Arbitrary constant: first key of the per-market advisory lock of limit checks. */
const LIMIT_LOCK = 3_431;

/**
 * The largest stake at `oddsMilli` on a selection whose net is `net` that keeps it within
 * `limit`: a stake x adds floor(x × odds) − x to the net, at most x × (odds − 1). Every other
 * selection's net only falls (the stake is kept if they win).
 */
export function roomOn(net: number, limit: number, oddsMilli: number): number {
  if (net >= limit) return 0;
  if (oddsMilli <= 1000) return Number.MAX_SAFE_INTEGER;
  return Math.floor(((limit - net) * 1000) / (oddsMilli - 1000));
}

/** What the market at `limit` still takes on `sel`; taken under the market's limit lock, held to commit. */
export async function roomOnMarket(
  tx: Tx,
  matchId: number,
  market: Pick<MarketRow, 'id'>,
  sel: Pick<SelectionRow, 'id' | 'oddsMilli'>,
  limit: number,
): Promise<number> {
  await lockKey(tx, LIMIT_LOCK, market.id);
  const net = (await worstOf(tx, matchId, market.id)).nets.get(sel.id) ?? 0;
  return roomOn(net, limit, sel.oddsMilli);
}

/** The market's nets per selection and its worst case, pending bets counted. */
async function worstOf(tx: Tx, matchId: number, marketId: number) {
  const found = (await liabilityOf(tx, [matchId], { pending: true, marketId })).get(matchId);
  const market = found?.markets.find((m) => m.marketId === marketId);
  return {
    worst: market?.worst ?? 0,
    nets: new Map((market?.selections ?? []).map((s) => [s.selectionId, s.net])),
  };
}

/**
 * The stake a bet takes under the room: all it asked when that fits, else the room (cut to what
 * fits, the player told); with no room for the market's minimum stake, none: refused.
 */
export function stakeWithin(room: number, asked: number, market: Pick<MarketRow, 'minStake'>): number {
  if (asked <= room) return asked;
  if (room < market.minStake)
    throw new AppError(ErrorCode.UNPROCESSABLE, 'marketAtLimit', undefined, { field: 'stake' });
  return room;
}

/** A market is full once the room left on the selection is below its minimum stake: it is then suspended. */
export const fullAfter = (room: number, taken: number, market: Pick<MarketRow, 'minStake'>): boolean =>
  room - taken < market.minStake;

/**
 * The odds a pending bet is accepted at when the price has moved: on a market under a limit, never
 * above those it was placed at, the odds its room under the limit was checked for (a better price
 * would let it pay more than the limit left room for); elsewhere, the price now.
 */
export function oddsAccepted(now: number, placed: number, limited: boolean): number {
  return limited ? Math.min(now, placed) : now;
}

/** A parlay leg on a market under a limit: its place on the slip, match, market, selection and limit. */
export interface LimitedLeg {
  index: number;
  matchId: number;
  market: Pick<MarketRow, 'id'>;
  sel: Pick<SelectionRow, 'id'>;
  limit: number;
}

/**
 * Refuses a parlay slip that would take a leg's market over its limit: on each leg's selection the
 * slip adds its equal share of its return less its share of its stake (liability.ts). The markets
 * are locked in id order, so slips (several markets) and singles (one) never wait in a circle.
 */
export async function refuseSlipOverLimits(
  tx: Tx,
  legs: LimitedLeg[],
  slip: { payout: number; stake: number; legs: number },
): Promise<void> {
  const added = Math.floor(slip.payout / slip.legs) - Math.floor(slip.stake / slip.legs);
  for (const leg of [...legs].sort((a, b) => a.market.id - b.market.id)) {
    await lockKey(tx, LIMIT_LOCK, leg.market.id);
    const net = (await worstOf(tx, leg.matchId, leg.market.id)).nets.get(leg.sel.id) ?? 0;
    if (net + added > leg.limit) {
      throw new AppError(
        ErrorCode.UNPROCESSABLE,
        'parlayLegAtLimit',
        { leg: leg.index + 1 },
        { field: `legs.${leg.index}` },
      );
    }
  }
}

/**
 * Suspends a market at its limit until a trader opens it again (the feed leaves it alone), with
 * an alert saying its worst case; once only: a market already held is left as it is.
 */
export async function suspendAtLimit(ctx: AppContext, matchId: number, marketId: number): Promise<void> {
  await inTransaction(ctx.db, async (tx) => {
    const { markets } = await lockedMatch(tx, matchId);
    const market = markets.find((m) => m.id === marketId);
    if (!market || market.held || market.status === 'closed') return;
    await holdMarket(tx, ctx, marketId, true);
    const { worst } = await worstOf(tx, matchId, marketId);
    await raiseAlert(tx, ctx, { kind: 'limit', matchId, marketId, amount: worst });
  });
}
