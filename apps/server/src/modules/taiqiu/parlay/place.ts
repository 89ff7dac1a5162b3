import { and, asc, eq, inArray } from 'drizzle-orm';
import { ErrorCode, formatMoney, parlay, type taiqiu } from '@breakshot/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../../platform/context.js';
import { inTransaction, type Tx } from '../../../platform/db.js';
import { AppError, pgConstraint } from '../../../platform/errors.js';
import { BET_REQUEST_UNIQUE, betOfRequest, placeBet, type BetRow } from '../../bets/service.js';
import { getSysConfig } from '../../system/service.js';
import { refuseUnlessForSale } from '../for-sale.js';
import { marketName, selectionName } from '../labels.js';
import { markets, matches, parlayLegs, parlays, playerLimits, selections, tradingRules } from '../tables.js';
import { playersOf } from '../views.js';
import { refuseSlipOverLimits } from '../trading/limits.js';
import { maxStakeFor } from '../trading/player-limits.js';
import { liabilityLimitOf } from '../trading/rules.js';
import { bookMoved } from '../trading/news.js';
import { rulesOf } from './rules.js';
import { PARLAY_ROUND, slipOf } from './slips.js';

type ParlayInput = z.output<typeof taiqiu.parlayRequest>;
type LegInput = ParlayInput['legs'][number];

/**
 * Places a parlay slip (docs/design.md §9, "Parlays") within the book's rules (rules.ts): one bet
 * of the unit stake × its combinations, its legs and system beside it, in one transaction with
 * the stake's debit. Each
 * leg's match, market and selection are share-locked, matches in id order (as a single bet takes
 * them), so settlement and odds moves wait for the slip. A request id used before answers with
 * its slip, as taiqiu/bet does.
 */
export async function placeParlay(ctx: AppContext, userId: number, input: ParlayInput): Promise<taiqiu.ParlaySlip> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await inTransaction(ctx.db, (tx) => placeIn(tx, ctx, userId, input));
    } catch (err) {
      // The same request id's slip committed while this one ran: the next run replays it.
      if (pgConstraint(err) !== BET_REQUEST_UNIQUE || attempt === 3) throw err;
    }
  }
}

async function placeIn(tx: Tx, ctx: AppContext, userId: number, input: ParlayInput): Promise<taiqiu.ParlaySlip> {
  const earlier = input.requestId === undefined ? undefined : await betOfRequest(tx, userId, input.requestId);
  if (earlier) return replaySlip(tx, earlier, input);
  const legs = input.legs;
  if (new Set(legs.map((l) => l.matchId)).size !== legs.length) {
    throw new AppError(ErrorCode.UNPROCESSABLE, 'parlaySameMatch', undefined, { field: 'legs' });
  }
  const rules = await rulesOf(tx);
  if (legs.length > rules.maxLegs) {
    throw new AppError(ErrorCode.UNPROCESSABLE, 'parlayTooManyLegs', { max: String(rules.maxLegs) }, { field: 'legs' });
  }
  if (!parlay.isSystem(legs.length, input.sizes)) {
    throw new AppError(ErrorCode.UNPROCESSABLE, 'parlaySystemInvalid', undefined, { field: 'sizes' });
  }
  const locked = await lockedLegs(tx, userId, legs);
  // The book's rules and the player's limits came with every row (left joins: one row each at most).
  const [book, limits] = [locked[0]?.book ?? null, locked[0]?.player ?? null];
  // Each leg's market takes the player's share of its maximum (trading/player-limits.ts).
  const forPlayer = locked.map((r) => ({ ...r, market: { ...r.market, maxStake: maxStakeFor(r.market, limits) } }));
  const { currencySymbol } = await getSysConfig(tx);
  const shown = [];
  for (const [index, leg] of legs.entries())
    shown.push(await checkedLeg(leg, index, forPlayer, input, rules, currencySymbol));
  const oddsMilli = shown.map((s) => s.oddsMilli);
  const maxReturn = parlay.potentialReturn(input.unitStake, oddsMilli, input.sizes);
  if (maxReturn > rules.maxReturn) {
    throw new AppError(
      ErrorCode.UNPROCESSABLE,
      'parlayReturnAboveMax',
      { max: formatMoney(rules.maxReturn, currencySymbol) },
      { field: 'unitStake' },
    );
  }
  const combinations = parlay.comboCount(legs.length, input.sizes);
  const limited = legs.flatMap((leg, index) => {
    const { match, market, sel } = locked.find((r) => r.sel.id === leg.selectionId)!;
    const limit = liabilityLimitOf(book, match, market.type);
    return limit === null ? [] : [{ index, matchId: match.id, market, sel, limit }];
  });
  const stake = input.unitStake * combinations;
  await refuseSlipOverLimits(tx, limited, { payout: maxReturn, stake, legs: legs.length });
  const system = parlay.systemName(legs.length, input.sizes);
  const bet = await placeBet(
    tx,
    ctx,
    {
      userId,
      gameType: 'taiqiu',
      gameName: `串关 ${system}`,
      roundId: PARLAY_ROUND,
      marketId: null,
      marketType: null,
      marketName: system,
      selectionId: null,
      pick: null,
      selectionName: shown.map((s) => s.selectionName).join(' / '),
      line: null,
      oddsMilli: null,
      stake,
      requestId: input.requestId,
    },
    { acceptAt: acceptAtOf(locked, ctx.now()) },
  );
  await tx.insert(parlays).values({
    betId: bet.id,
    sizes: input.sizes,
    unitStake: input.unitStake,
    combinations,
    potentialReturn: maxReturn,
  });
  await tx.insert(parlayLegs).values(shown.map((s, leg) => ({ betId: bet.id, leg, ...s })));
  await bookMoved(
    ctx,
    tx,
    legs.map((l) => l.matchId),
  );
  return slipOf(tx, bet);
}

type LockedLeg = Awaited<ReturnType<typeof lockedLegs>>[number];

/**
 * A slip with legs on live matches waits out the longest of their acceptance delays as pending
 * (acceptance.ts decides it, parlay/acceptance.ts its legs); with none, it is taken at once.
 */
function acceptAtOf(locked: LockedLeg[], now: Date): Date | undefined {
  const delay = Math.max(0, ...locked.filter((r) => r.match.status === 'live').map((r) => r.match.acceptDelayMs));
  return delay > 0 ? new Date(now.getTime() + delay) : undefined;
}

/**
 * Every leg's match, market and selection, share-locked, matches in id order; with each, the
 * book's trading rules and the player's stake limits (null: none set), read in the same statement.
 */
function lockedLegs(tx: Tx, userId: number, legs: LegInput[]) {
  return tx
    .select({ match: matches, market: markets, sel: selections, book: tradingRules, player: playerLimits })
    .from(matches)
    .innerJoin(markets, eq(markets.matchId, matches.id))
    .innerJoin(selections, eq(selections.marketId, markets.id))
    .leftJoin(tradingRules, eq(tradingRules.id, 1))
    .leftJoin(playerLimits, eq(playerLimits.userId, userId))
    .where(
      and(
        inArray(
          matches.id,
          legs.map((l) => l.matchId),
        ),
        inArray(
          selections.id,
          legs.map((l) => l.selectionId),
        ),
      ),
    )
    .orderBy(asc(matches.id))
    .for('share', { of: [matches, markets, selections] });
}

/**
 * The leg as the slip stores it, once it may be taken: of a market type the rules take, and for
 * sale at the unit stake (for-sale.ts).
 */
async function checkedLeg(
  leg: LegInput,
  index: number,
  locked: LockedLeg[],
  input: ParlayInput,
  rules: taiqiu.ParlayRuleSet,
  currencySymbol: string,
) {
  const found = locked.find((r) => r.match.id === leg.matchId && r.sel.id === leg.selectionId);
  if (!found || found.market.id !== leg.marketId) {
    throw new AppError(ErrorCode.NOT_FOUND, 'selectionNotFound', undefined, { field: `legs.${index}` });
  }
  const { match, market, sel } = found;
  if (!rules.legTypes.includes(market.type)) {
    throw new AppError(ErrorCode.UNPROCESSABLE, 'parlayLegTypeOff', undefined, { field: `legs.${index}` });
  }
  await refuseUnlessForSale(
    found,
    { odds: leg.odds, acceptOddsChange: input.acceptOddsChange, stake: input.unitStake },
    { pick: `legs.${index}`, odds: `legs.${index}.odds`, stake: 'unitStake' },
    async () => currencySymbol,
  );
  const players = playersOf(match);
  return {
    matchId: match.id,
    marketId: market.id,
    selectionId: sel.id,
    oddsMilli: sel.oddsMilli,
    gameName: `${players.a} vs ${players.b}`,
    marketName: marketName(market.type, 'zh-CN', market),
    selectionName: selectionName(market.type, market.line, sel.pick, players, 'zh-CN'),
  };
}

/** The slip a request id placed, if the request is that slip again: the same legs, system and unit stake. */
async function replaySlip(tx: Tx, bet: BetRow, input: ParlayInput): Promise<taiqiu.ParlaySlip> {
  const slip = bet.roundId === PARLAY_ROUND ? await slipOf(tx, bet) : null;
  const same =
    slip !== null &&
    slip.unitStake === input.unitStake &&
    slip.sizes.join(',') === input.sizes.join(',') &&
    slip.legs.length === input.legs.length &&
    slip.legs.every((l, i) => l.selectionId === input.legs[i]!.selectionId && l.matchId === input.legs[i]!.matchId);
  if (!same) throw new AppError(ErrorCode.CONFLICT, 'betRequestReused');
  return slip;
}
