import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { ErrorCode, cashout, formatMoney } from '@breakshot/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../../platform/context.js';
import { inTransaction, isAnyOf, type Conn, type Tx } from '../../../platform/db.js';
import { AppError } from '../../../platform/errors.js';
import { playerBet, playerOpenBets, type BetRow, type ValuedBet } from '../../bets/service.js';
import { getSysConfig } from '../../system/service.js';
import { cashoutRulesOf } from './rules.js';
import { PARLAY_ROUND } from '../parlay/slips.js';
import { cashoutAutos, cashoutQuotes, parlayLegs, type QuoteRow } from '../tables.js';
import { lockedBet, lockedWorth, takeCashout, unavailableError } from './take.js';
import { worthsOf } from './worth.js';

/* The player's cash-out calls (contracts: cashout.ts). */

type In<K extends 'values' | 'quote' | 'cashout' | 'auto'> = z.output<(typeof cashout)[K]['request']>;

/** The caller's open and pending billiards bets' cash-out values: those named, or the newest 500. */
export async function cashoutValues(ctx: AppContext, userId: number, input: In<'values'>) {
  const rows = await playerOpenBets(ctx.db, userId, 'taiqiu', input.betNos, 500);
  return { bets: await valuesOf(ctx.db, rows) };
}

/** The bets' cash-out values with their automatic cash-outs (read here unless given), in the bets' order. */
export async function valuesOf(
  db: Conn,
  rows: ValuedBet[],
  autos?: Map<number, number>,
): Promise<cashout.CashoutValue[]> {
  if (rows.length === 0) return [];
  const [rules, autoAt] = await Promise.all([
    cashoutRulesOf(db),
    autos ??
      autosOf(
        db,
        rows.map((b) => b.id),
      ),
  ]);
  const worths = await worthsOf(db, rows, rules.marginBp);
  return rows.map((b) => ({ betNo: b.betNo, ...worths.get(b.id)!, autoAt: autoAt.get(b.id) ?? null }));
}

/** The bets' automatic cash-outs: the value each is set at, by bet id (the ids one array parameter). */
async function autosOf(db: Conn, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const autos = await db.select().from(cashoutAutos).where(isAnyOf(cashoutAutos.betId, ids));
  return new Map(autos.map((a) => [a.betId, a.at]));
}

/** A quote of the caller's bet, kept for QUOTE_TTL_MS; 422 (its reason) when it cannot be cashed out. */
export async function quoteCashout(ctx: AppContext, userId: number, input: In<'quote'>): Promise<cashout.Quote> {
  const bet = await playerBet(ctx.db, userId, 'taiqiu', input.betNo);
  if (!bet) throw new AppError(ErrorCode.NOT_FOUND, 'betNotFound', undefined, { field: 'betNo' });
  const rules = await cashoutRulesOf(ctx.db);
  const worth = (await worthsOf(ctx.db, [bet], rules.marginBp)).get(bet.id)!;
  if (worth.value === null) throw unavailableError(worth.unavailable ?? 'none');
  const [quote] = await ctx.db
    .insert(cashoutQuotes)
    .values({
      id: randomUUID(),
      betId: bet.id,
      userId,
      runningStake: worth.runningStake,
      value: worth.value,
      expiresAt: new Date(ctx.now().getTime() + cashout.QUOTE_TTL_MS),
    })
    .returning();
  return quoteAnswer(bet.betNo, quote!);
}

const quoteAnswer = (betNo: string, q: QuoteRow): cashout.Quote => ({
  quoteId: q.id,
  betNo,
  runningStake: q.runningStake,
  value: q.value,
  expiresAt: q.expiresAt.toISOString(),
});

/**
 * Cashes out part or all of the caller's bet at a quote (contracts: cashout.cashout). A quote that
 * cannot be taken any more is answered with a fresh one (409 cashoutRequote), made once the
 * refusal has rolled back.
 */
export async function cashOut(ctx: AppContext, userId: number, input: In<'cashout'>) {
  const taken = await inTransaction(ctx.db, (tx) => cashOutIn(tx, ctx, userId, input));
  if (taken !== 'requote') return taken;
  const fresh = await quoteCashout(ctx, userId, { betNo: input.betNo });
  const value = formatMoney(fresh.value, (await getSysConfig(ctx.db)).currencySymbol);
  throw new AppError(ErrorCode.CONFLICT, 'cashoutRequote', { value }, { quote: fresh });
}

async function cashOutIn(tx: Tx, ctx: AppContext, userId: number, input: In<'cashout'>) {
  const bet = await lockedBet(tx, userId, input.betNo);
  if (bet.status !== 'open') throw unavailableError(bet.status === 'pending' ? 'pending' : 'settled');
  const running = bet.stake - bet.cashoutStake;
  if (input.stakePart > running) {
    const text = formatMoney(running, (await getSysConfig(tx)).currencySymbol);
    throw new AppError(ErrorCode.UNPROCESSABLE, 'cashoutPartTooLarge', { running: text }, { field: 'stakePart' });
  }
  const [quote] = await tx
    .select()
    .from(cashoutQuotes)
    .where(and(eq(cashoutQuotes.id, input.quoteId), eq(cashoutQuotes.betId, bet.id)));
  const rules = await cashoutRulesOf(tx);
  const worth = await lockedWorth(tx, bet, rules.marginBp);
  if (worth.value === null) throw unavailableError(worth.unavailable ?? 'none');
  const takeable =
    quote !== undefined &&
    quote.usedAt === null &&
    quote.expiresAt > ctx.now() &&
    quote.runningStake === running &&
    // The value may have fallen since the quote by the tolerance at most.
    worth.value * 10_000 >= quote.value * (10_000 - rules.toleranceBp);
  if (!takeable) return 'requote' as const;
  await tx.update(cashoutQuotes).set({ usedAt: ctx.now() }).where(eq(cashoutQuotes.id, quote.id));
  const done = await takeCashout(tx, ctx, bet, { part: input.stakePart, value: quote.value, auto: false });
  return { betNo: bet.betNo, stakePart: input.stakePart, ...done };
}

/** Sets or clears the caller's automatic cash-out of an open or pending bet; answers its value. */
export async function setAutoCashout(ctx: AppContext, userId: number, input: In<'auto'>) {
  return inTransaction(ctx.db, async (tx) => {
    const bet = await lockedBet(tx, userId, input.betNo);
    if (bet.status !== 'open' && bet.status !== 'pending') throw unavailableError('settled');
    if (input.at === null) await tx.delete(cashoutAutos).where(eq(cashoutAutos.betId, bet.id));
    else {
      const row = { betId: bet.id, userId, at: input.at, setAt: ctx.now(), matchIds: await matchesOf(tx, bet) };
      await tx
        .insert(cashoutAutos)
        .values(row)
        .onConflictDoUpdate({ target: cashoutAutos.betId, set: { at: input.at, setAt: row.setAt } });
    }
    const [value] = await valuesOf(tx, [bet]);
    return value!;
  });
}

/** The matches the bet's legs are on: a single's one, a parlay's legs'. */
async function matchesOf(tx: Tx, bet: BetRow): Promise<number[]> {
  if (bet.roundId !== PARLAY_ROUND) return [Number(bet.roundId)];
  const legs = await tx.select({ matchId: parlayLegs.matchId }).from(parlayLegs).where(eq(parlayLegs.betId, bet.id));
  return legs.map((l) => l.matchId);
}
