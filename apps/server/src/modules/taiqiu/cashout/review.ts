import { and, eq, isNull, sql } from 'drizzle-orm';
import type { cashout } from '@breakshot/contracts';
import type { AppContext } from '../../../platform/context.js';
import { inTransaction, type Conn } from '../../../platform/db.js';
import { bets } from '../../bets/tables.js';
import { parlayLegs } from '../tables.js';
import { valuesOf } from './calls.js';
import { cashoutRulesOf } from './rules.js';
import { cashoutAutos } from './tables.js';
import { lockedBet, lockedWorth, takeCashout } from './take.js';
import type { ValuedBet } from './worth.js';

/*
 * After a match moves (a feed event applied): the automatic cash-outs its bets' values now reach
 * are taken, then the owners of its open bets are told their values (CASHOUT_VALUES), once a
 * player, the messages in batches. Runs after the event's transaction, in the background
 * (taiqiu/settle-soon.ts). bench/README.md, book-cashout: its cost at 10,000 players.
 */

/** Reviews the cash-outs of the match's open bets, as above; returns the automatic cash-outs taken. */
export async function reviewCashouts(ctx: AppContext, matchId: number): Promise<number> {
  let open = await openBetsOn(ctx.db, matchId);
  if (open.length === 0) return 0;
  let taken = 0;
  for (const bet of open) if (bet.autoAt !== null && (await takeAuto(ctx, bet))) taken += 1;
  if (taken > 0) open = await openBetsOn(ctx.db, matchId);
  await tellValues(ctx, open);
  return taken;
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

/** Each owner's bets' values, one message a player. */
async function tellValues(ctx: AppContext, open: OpenBet[]): Promise<void> {
  const autos = new Map(open.flatMap((b) => (b.autoAt === null ? [] : [[b.id, b.autoAt] as const])));
  const values = await valuesOf(ctx.db, open, autos);
  const byUser = new Map<number, cashout.CashoutValue[]>();
  open.forEach((bet, i) => {
    const list = byUser.get(bet.userId);
    if (list) list.push(values[i]!);
    else byUser.set(bet.userId, [values[i]!]);
  });
  await ctx.live.notifyUsers(
    [...byUser].map(([userId, list]) => ({ userId, event: { type: 'CASHOUT_VALUES', bets: list } as const })),
  );
}

type OpenBet = ValuedBet & { autoAt: number | null };

/** What of an open bet its value needs, and its automatic cash-out. */
const openColumns = {
  id: bets.id,
  betNo: bets.betNo,
  userId: bets.userId,
  roundId: bets.roundId,
  selectionId: bets.selectionId,
  oddsMilli: bets.oddsMilli,
  stake: bets.stake,
  cashoutStake: bets.cashoutStake,
  status: bets.status,
  autoAt: cashoutAutos.at,
};

/** Open bets with an undecided part on the match: its singles and the parlays with an open leg on it. */
async function openBetsOn(db: Conn, matchId: number): Promise<OpenBet[]> {
  const open = (where: ReturnType<typeof and>) =>
    db.select(openColumns).from(bets).leftJoin(cashoutAutos, eq(cashoutAutos.betId, bets.id)).where(where);
  const slips = db
    .selectDistinct({ id: parlayLegs.betId })
    .from(parlayLegs)
    .where(and(eq(parlayLegs.matchId, matchId), isNull(parlayLegs.result)));
  return [
    ...(await open(and(eq(bets.gameType, 'taiqiu'), eq(bets.roundId, String(matchId)), eq(bets.status, 'open')))),
    ...(await open(and(sql`${bets.id} IN (${slips})`, eq(bets.status, 'open')))),
  ];
}
