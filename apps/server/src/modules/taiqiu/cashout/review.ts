import { and, eq, isNull } from 'drizzle-orm';
import type { cashout } from '@breakshot/contracts';
import type { AppContext } from '../../../platform/context.js';
import { inTransaction, type Conn } from '../../../platform/db.js';
import { openBetsToValue, type ValuedBet } from '../../bets/service.js';
import { autosOf, valuesOf } from './calls.js';
import { cashoutRulesOf } from './rules.js';
import { cashoutAutos, parlayLegs } from '../tables.js';
import { lockedBet, lockedWorth, takeCashout } from './take.js';

/*
 * After a match moves (a feed event applied, the operator's switch): the automatic cash-outs its
 * bets' values now reach are taken, then every instance tells the players with a socket there
 * their open bets' values on the match (CASHOUT_VALUES), once a player. Each instance reads its
 * own players' bets: no message a player passes through every instance (bench/README.md,
 * book-cashout). Runs after the move's transaction, in the background (taiqiu/settle-soon.ts).
 */

/** The name of the values' work on every instance (LiveHub.onEveryInstance). */
const VALUES_WORK = 'cashout-values';

/** Reviews the cash-outs of the match's open bets, as above; returns the automatic cash-outs taken. */
export async function reviewCashouts(ctx: AppContext, matchId: number): Promise<number> {
  let taken = 0;
  for (const bet of await openBetsOn(ctx.db, matchId, 'with an automatic cash-out')) {
    if (await takeAuto(ctx, bet)) taken += 1;
  }
  await ctx.live.everyInstance(VALUES_WORK, { matchId });
  return taken;
}

/** Each instance's part of the review: its players' values (registered when the routes load). */
export function tellValuesOnEveryInstance(ctx: AppContext): void {
  ctx.live.onEveryInstance(VALUES_WORK, (data, players) =>
    tellValues(ctx, (data as { matchId: number }).matchId, players),
  );
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

/** The players' open bets' values on the match, one message a player, to their sockets here. */
async function tellValues(ctx: AppContext, matchId: number, players: number[]): Promise<void> {
  const open = await openBetsOn(ctx.db, matchId, players);
  if (open.length === 0) return;
  const autos = new Map(open.flatMap((b) => (b.autoAt === null ? [] : [[b.id, b.autoAt] as const])));
  const values = await valuesOf(ctx.db, open, autos);
  const byUser = new Map<number, cashout.CashoutValue[]>();
  open.forEach((bet, i) => {
    const list = byUser.get(bet.userId);
    if (list) list.push(values[i]!);
    else byUser.set(bet.userId, [values[i]!]);
  });
  for (const [userId, list] of byUser) ctx.live.sendHere(userId, { type: 'CASHOUT_VALUES', bets: list });
}

type OpenBet = ValuedBet & { autoAt: number | null };

/**
 * Open bets with an undecided part on the match (its singles, and the parlays with an open leg on
 * it), with their automatic cash-outs: those with one set, or those of these players.
 */
async function openBetsOn(
  db: Conn,
  matchId: number,
  which: 'with an automatic cash-out' | number[],
): Promise<OpenBet[]> {
  const players = typeof which === 'string' ? undefined : which;
  const slips = await db
    .selectDistinct({ id: parlayLegs.betId })
    .from(parlayLegs)
    .where(and(eq(parlayLegs.matchId, matchId), isNull(parlayLegs.result)));
  const open = [
    ...(await openBetsToValue(db, { gameType: 'taiqiu', roundId: String(matchId) }, players)),
    ...(slips.length > 0 ? await openBetsToValue(db, { ids: slips.map((s) => s.id) }, players) : []),
  ];
  const autos = await autosOf(
    db,
    open.map((b) => b.id),
  );
  const withAutos = open.map((b) => ({ ...b, autoAt: autos.get(b.id) ?? null }));
  return typeof which === 'string' ? withAutos.filter((b) => b.autoAt !== null) : withAutos;
}
