import { asc, count, eq, inArray } from 'drizzle-orm';
import { ErrorCode, type cashout } from '@breakshot/contracts';
import type { AppContext } from '../../../platform/context.js';
import type { Tx } from '../../../platform/db.js';
import { AppError } from '../../../platform/errors.js';
import { addCashout, playerBet, settleBets, type BetRow } from '../../bets/service.js';
import { payFromHouse, type LedgerReference } from '../../wallet/service.js';
import { PARLAY_ROUND } from '../parlay/slips.js';
import { cashoutAutos, cashouts, markets, parlayLegs } from '../tables.js';
import { betMoved } from '../trading/news.js';
import { partValidBet, partValue } from './value.js';
import { worthsOf, type Worth } from './worth.js';

/*
 * Taking a cash-out (docs/design.md §9, "Cash-out"). The bet is locked for update, so two
 * cash-outs of it take turns and each sees what the other left running; then its undecided legs'
 * markets are share-locked, as a bet's placing locks them: the book writes a selection's outcome
 * only with its market locked for update, so while this holds them no leg of the bet is decided,
 * and its settlement (which reads the bet once its selections are decided) sees the cash-out.
 */

/** Every cash-out paid what it took, by a transfer of its own (none is written that pays nothing). */
export const cashoutLedgerReferences: LedgerReference[] = [
  { table: 'taiqiu_cashouts', idColumn: 'cashout_no', code: 'cashout', settled: 'true' },
];

/** The caller's open or pending billiards bet, locked for update; 404 betNotFound if it has none by that number. */
export async function lockedBet(tx: Tx, userId: number, betNo: string): Promise<BetRow> {
  const bet = await playerBet(tx, userId, 'taiqiu', betNo, true);
  if (!bet) throw new AppError(ErrorCode.NOT_FOUND, 'betNotFound', undefined, { field: 'betNo' });
  return bet;
}

/** The bet's worth now, its legs' markets share-locked first (as above). */
export async function lockedWorth(tx: Tx, bet: BetRow, marginBp: number): Promise<Worth> {
  const marketIds =
    bet.roundId === PARLAY_ROUND
      ? (await tx.select({ marketId: parlayLegs.marketId }).from(parlayLegs).where(eq(parlayLegs.betId, bet.id))).map(
          (l) => l.marketId,
        )
      : [bet.marketId ?? 0];
  await tx
    .select({ id: markets.id })
    .from(markets)
    .where(inArray(markets.id, marketIds))
    .orderBy(asc(markets.id))
    .for('share');
  return (await worthsOf(tx, [bet], marginBp)).get(bet.id)!;
}

/** The 422 of a bet that cannot be cashed out, in its reason's words. */
export function unavailableError(reason: cashout.UnavailableReason): AppError {
  const key = (
    {
      pending: 'cashoutPending',
      suspended: 'cashoutSuspended',
      off: 'cashoutOff',
      settling: 'cashoutSettling',
      settled: 'cashoutSettled',
      none: 'cashoutNone',
    } as const
  )[reason];
  return new AppError(ErrorCode.UNPROCESSABLE, key, undefined, { cashoutReason: reason });
}

/**
 * Cashes out `part` of the locked open bet's running stake, the running stake being worth
 * `value`: pays its share through the ledger (a transfer of its own, named by the cash-out's row),
 * adds it to the bet, and settles the bet as cashed out when nothing runs any more.
 */
export async function takeCashout(
  tx: Tx,
  ctx: AppContext,
  bet: BetRow,
  take: { part: number; value: number; auto: boolean },
): Promise<{ paid: number; runningStake: number; status: 'open' | 'cashout' }> {
  const running = bet.stake - bet.cashoutStake;
  const paid = partValue(take.value, running, take.part);
  if (paid <= 0) throw unavailableError('none');
  const [taken] = await tx.select({ n: count() }).from(cashouts).where(eq(cashouts.betId, bet.id));
  const cashoutNo = `${bet.betNo}-${(taken?.n ?? 0) + 1}`;
  const validBet = partValidBet(take.part, paid);
  await tx.insert(cashouts).values({
    cashoutNo,
    betId: bet.id,
    userId: bet.userId,
    stakePart: take.part,
    paid,
    validBet,
    auto: take.auto,
    at: ctx.now(),
  });
  await payFromHouse(tx, ctx, [
    {
      key: `cashout:${cashoutNo}`,
      code: 'cashout',
      userId: bet.userId,
      amount: paid,
      reference: { table: 'taiqiu_cashouts', id: cashoutNo },
    },
  ]);
  const after = await addCashout(tx, bet.id, { part: take.part, paid, validBet });
  await betMoved(ctx, tx, bet);
  if (take.part < running) return { paid, runningStake: running - take.part, status: 'open' };
  await tx.delete(cashoutAutos).where(eq(cashoutAutos.betId, bet.id));
  const figures = { payout: after.cashoutPaid, validBet: after.cashoutValid };
  await settleBets(tx, ctx, [{ bet: after, outcome: 'cashout', result: null, figures }]);
  return { paid, runningStake: 0, status: 'cashout' };
}
