import { and, arrayContains, eq, isNull } from 'drizzle-orm';
import type { cashout, LiveEvent } from '@breakshot/contracts';
import type { AppContext } from '../../../platform/context.js';
import { inTransaction, type Conn } from '../../../platform/db.js';
import { openBetsToValue, type ValuedBet } from '../../bets/service.js';
import { valuesOf } from './calls.js';
import { cashoutRulesOf } from './rules.js';
import { VALUES_RIDER } from './values-rider.js';
import { cashoutAutos, parlayLegs } from '../tables.js';
import { lockedBet, lockedWorth, takeCashout } from './take.js';

/*
 * After a match moves (a feed event applied, the operator's switch), in the background once the
 * move's transaction is done (taiqiu/settle-soon.ts): the automatic cash-outs its bets' values now
 * reach are taken. And with each MATCH_UPDATED every instance tells the players with a socket there
 * their open bets' values on the match (CASHOUT_VALUES, one message a player, in the same write as
 * the match's news: values-rider.ts). Each instance reads its own players' bets: no message a
 * player passes through every instance (bench/README.md, book-cashout).
 */

/** Takes the automatic cash-outs of the match's open bets their values now reach; how many. */
export async function reviewCashouts(ctx: AppContext, matchId: number): Promise<number> {
  let taken = 0;
  for (const bet of await autosOn(ctx.db, matchId)) {
    if (await takeAuto(ctx, bet)) taken += 1;
  }
  return taken;
}

/** Each instance's values of its players' bets on a match, with the match's news (registered when the routes load). */
export function tellValuesWithMatchNews(ctx: AppContext): void {
  ctx.live.onRider(VALUES_RIDER, (data, players) => valuesNews(ctx, (data as { matchId: number }).matchId, players));
}

/**
 * The automatic cash-out of a bet if its value now reaches the amount set: the bet locked and read
 * again, so a manual cash-out or a settlement meanwhile is seen. Whether it was taken.
 */
async function takeAuto(ctx: AppContext, { betNo, userId }: ValuedBet): Promise<boolean> {
  return inTransaction(ctx.db, async (tx) => {
    const bet = await lockedBet(tx, userId, betNo);
    const [auto] = await tx.select().from(cashoutAutos).where(eq(cashoutAutos.betId, bet.id));
    if (bet.status !== 'open' || !auto) return false;
    const worth = await lockedWorth(tx, bet, (await cashoutRulesOf(tx)).marginBp);
    if (worth.value === null || worth.value < auto.at) return false;
    await takeCashout(tx, ctx, bet, { part: worth.runningStake, value: worth.value, auto: true });
    return true;
  });
}

/** The players' open bets' values on the match, as one CASHOUT_VALUES a player who has any. */
async function valuesNews(ctx: AppContext, matchId: number, players: number[]): Promise<Map<number, LiveEvent>> {
  // Read at once (the pool's connections): this is the wait before the match's news goes out.
  const [open, autos] = await Promise.all([openBetsOn(ctx.db, matchId, players), autosOfMatch(ctx.db, matchId)]);
  if (open.length === 0) return new Map();
  const values = await valuesOf(ctx.db, open, autos);
  const byUser = new Map<number, cashout.CashoutValue[]>();
  open.forEach((bet, i) => {
    const list = byUser.get(bet.userId);
    if (list) list.push(values[i]!);
    else byUser.set(bet.userId, [values[i]!]);
  });
  return new Map([...byUser].map(([userId, bets]) => [userId, { type: 'CASHOUT_VALUES', bets }]));
}

/** Open bets on the match with an automatic cash-out set, found by the autos' match index. */
async function autosOn(db: Conn, matchId: number): Promise<ValuedBet[]> {
  const autos = await autosOfMatch(db, matchId);
  return autos.size === 0 ? [] : openBetsToValue(db, { ids: [...autos.keys()] });
}

/** The automatic cash-outs of bets on the match: the value each is set at, by bet id. */
async function autosOfMatch(db: Conn, matchId: number): Promise<Map<number, number>> {
  const autos = await db
    .select({ betId: cashoutAutos.betId, at: cashoutAutos.at })
    .from(cashoutAutos)
    .where(arrayContains(cashoutAutos.matchIds, [matchId]));
  return new Map(autos.map((a) => [a.betId, a.at]));
}

/** These players' open bets with an undecided part on the match: its singles, and the parlays with an open leg on it. */
async function openBetsOn(db: Conn, matchId: number, players: number[]): Promise<ValuedBet[]> {
  const [singles, slips] = await Promise.all([
    openBetsToValue(db, { gameType: 'taiqiu', roundId: String(matchId) }, players),
    db
      .selectDistinct({ id: parlayLegs.betId })
      .from(parlayLegs)
      .where(and(eq(parlayLegs.matchId, matchId), isNull(parlayLegs.result))),
  ]);
  return slips.length === 0
    ? singles
    : [...singles, ...(await openBetsToValue(db, { ids: slips.map((s) => s.id) }, players))];
}
