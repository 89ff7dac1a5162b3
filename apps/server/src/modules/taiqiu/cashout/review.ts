import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { cashout } from '@breakshot/contracts';
import type { AppContext } from '../../../platform/context.js';
import { inTransaction } from '../../../platform/db.js';
import type { BetRow } from '../../bets/service.js';
import { bets } from '../../bets/tables.js';
import { parlayLegs } from '../tables.js';
import { valuesOf } from './calls.js';
import { cashoutRulesOf } from './rules.js';
import { cashoutAutos } from './tables.js';
import { lockedBet, lockedWorth, takeCashout } from './take.js';

/*
 * After a match moves (a feed event applied): the automatic cash-outs its bets' values now reach
 * are taken, then the owners of its open bets are told their values (CASHOUT_VALUES), once a
 * player. Runs after the event's transaction, in the background (taiqiu/settle-soon.ts).
 */

/** Reviews the cash-outs of the match's open bets, as above; returns the automatic cash-outs taken. */
export async function reviewCashouts(ctx: AppContext, matchId: number): Promise<number> {
  const open = await openBetsOn(ctx, matchId);
  if (open.length === 0) return 0;
  const autos = await ctx.db
    .select()
    .from(cashoutAutos)
    .where(
      inArray(
        cashoutAutos.betId,
        open.map((b) => b.id),
      ),
    );
  let taken = 0;
  for (const auto of autos) if (await takeAuto(ctx, auto.betId, auto.userId)) taken += 1;
  const still = taken > 0 ? await openBetsOn(ctx, matchId) : open;
  await tellValues(ctx, still);
  return taken;
}

/**
 * The automatic cash-out of a bet if its value now reaches the amount set: the bet locked and read
 * again, so a manual cash-out or a settlement meanwhile is seen. Whether it was taken.
 */
async function takeAuto(ctx: AppContext, betId: number, userId: number): Promise<boolean> {
  return inTransaction(ctx.db, async (tx) => {
    const [row] = await tx.select({ betNo: bets.betNo }).from(bets).where(eq(bets.id, betId));
    const bet = await lockedBet(tx, userId, row!.betNo);
    const [auto] = await tx.select().from(cashoutAutos).where(eq(cashoutAutos.betId, betId));
    if (bet.status !== 'open' || !auto) return false;
    const worth = await lockedWorth(tx, bet, (await cashoutRulesOf(tx)).marginBp);
    if (worth.value === null || worth.value < auto.at) return false;
    await takeCashout(tx, ctx, bet, { part: worth.runningStake, value: worth.value, auto: true });
    return true;
  });
}

/** Each owner's bets' values, one message a player. */
async function tellValues(ctx: AppContext, open: BetRow[]): Promise<void> {
  const values = await valuesOf(ctx.db, open);
  const byUser = new Map<number, cashout.CashoutValue[]>();
  open.forEach((bet, i) => byUser.set(bet.userId, [...(byUser.get(bet.userId) ?? []), values[i]!]));
  for (const [userId, list] of byUser) await ctx.live.notifyUser(userId, { type: 'CASHOUT_VALUES', bets: list });
}

/** Open bets with an undecided part on the match: its singles and the parlays with an open leg on it. */
async function openBetsOn(ctx: AppContext, matchId: number): Promise<BetRow[]> {
  const singles = ctx.db
    .select()
    .from(bets)
    .where(and(eq(bets.gameType, 'taiqiu'), eq(bets.roundId, String(matchId)), eq(bets.status, 'open')));
  const slipIds = ctx.db
    .selectDistinct({ id: parlayLegs.betId })
    .from(parlayLegs)
    .where(and(eq(parlayLegs.matchId, matchId), isNull(parlayLegs.result)));
  const [one, slips] = await Promise.all([singles, slipIds]);
  if (slips.length === 0) return one;
  const parlays = await ctx.db
    .select()
    .from(bets)
    .where(
      and(
        inArray(
          bets.id,
          slips.map((s) => s.id),
        ),
        eq(bets.status, 'open'),
      ),
    );
  return [...one, ...parlays];
}
