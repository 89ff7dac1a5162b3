import { and, eq } from 'drizzle-orm';
import { ErrorCode, taiqiuAdmin } from '@breakshot/contracts';
import { audited } from '../../../platform/audit.js';
import type { AppContext } from '../../../platform/context.js';
import type { Conn, Tx } from '../../../platform/db.js';
import { AppError } from '../../../platform/errors.js';
import { debtsOf, cashBalancesOf } from '../../wallet/service.js';
import { corrections, type CorrectionRow } from '../tables.js';
import { tradingRulesRow } from '../trading/rules.js';
import { applyCorrection, figuresOf, type CorrectionMove } from './apply.js';
import { correctionItemOf, linesOf, marketItemsOf } from './log.js';
import { planCorrection, wantedAgain, wantedOf, type CorrectionPlan } from './plan.js';
import { waitFor } from './waits.js';

/*
 * The operator's corrections (docs/design.md §9, "Result corrections"): a preview that moves
 * nothing, then the correction, applied at once or, when its money (both ways summed) is above
 * the book's amount, pending until another operator approves it. Every write audited.
 */

type CreateInput = taiqiuAdmin.CorrectionRequest & { reason: string };

/** What the correction would do now: the figures, the lines, whether a second operator must approve. */
export async function previewCorrection(ctx: AppContext, input: taiqiuAdmin.CorrectionRequest) {
  const plan = await planCorrection(ctx.db, input.matchId, wantedOf(input.markets));
  const moves = await foreseenMoves(ctx, plan);
  const figures = figuresOf(moves, plan.waiting.length);
  const rules = await tradingRulesRow(ctx.db);
  const changedMoves = moves.filter((m) => m.item.difference !== 0 || m.item.before.outcome !== m.item.after.outcome);
  return {
    ...figures,
    markets: await marketItemsOf(ctx.db, plan.match, plan.markets),
    needsSecond: needsSecond(rules.correctionSecondAbove, figures),
    lines: await linesOf(ctx.db, changedMoves.slice(0, taiqiuAdmin.PREVIEW_LINES)),
  };
}

/** Makes the correction: applied now, or pending a second operator above the book's amount. */
export const operatorCreateCorrection = (ctx: AppContext, operator: string, input: CreateInput) =>
  audited(
    ctx,
    operator,
    async (tx) => {
      const plan = await planCorrection(tx, input.matchId, wantedOf(input.markets), true);
      await refuseWhilePending(tx, input.matchId);
      const foreseen = figuresOf(await foreseenMoves(ctx, plan, tx), plan.waiting.length);
      const rules = await tradingRulesRow(tx);
      const second = needsSecond(rules.correctionSecondAbove, foreseen);
      const [row] = await tx
        .insert(corrections)
        .values({
          matchId: input.matchId,
          markets: plan.markets,
          reason: input.reason,
          status: second ? 'pending' : 'applied',
          createdBy: operator,
          createdAt: ctx.now(),
          decidedBy: second ? null : operator,
          decidedAt: second ? null : ctx.now(),
          ...foreseen,
        })
        .returning();
      return second ? row! : applied(tx, ctx, row!, plan);
    },
    (row) => ({
      action: 'taiqiu.correction.create',
      target: `match ${row.matchId}`,
      payload: { ...input, id: row.id, status: row.status },
    }),
  ).then((row) => correctionItemOf(ctx.db, row));

/** A second operator applies a pending correction. */
export const operatorApproveCorrection = (ctx: AppContext, operator: string, input: { id: number }) =>
  audited(
    ctx,
    operator,
    async (tx) => {
      const row = await lockPending(tx, input.id);
      if (row.createdBy === operator) throw new AppError(ErrorCode.CONFLICT, 'correctionSameOperator');
      const plan = await planCorrection(tx, row.matchId, wantedAgain(row.markets), true);
      const decided = await tx
        .update(corrections)
        .set({ status: 'applied', decidedBy: operator, decidedAt: ctx.now() })
        .where(eq(corrections.id, row.id))
        .returning();
      return applied(tx, ctx, decided[0]!, plan);
    },
    (row) => ({ action: 'taiqiu.correction.approve', target: `match ${row.matchId}`, payload: input }),
  ).then((row) => correctionItemOf(ctx.db, row));

export const operatorRejectCorrection = (ctx: AppContext, operator: string, input: { id: number; reason: string }) =>
  audited(
    ctx,
    operator,
    async (tx) => {
      const row = await lockPending(tx, input.id);
      const [decided] = await tx
        .update(corrections)
        .set({ status: 'rejected', decidedBy: operator, decidedAt: ctx.now(), rejectReason: input.reason })
        .where(eq(corrections.id, row.id))
        .returning();
      return decided!;
    },
    (row) => ({ action: 'taiqiu.correction.reject', target: `match ${row.matchId}`, payload: input }),
  ).then((row) => correctionItemOf(ctx.db, row));

/** Applies the plan as the row's correction, its undecided slips waiting; the row then holds what moved. */
async function applied(tx: Tx, ctx: AppContext, row: CorrectionRow, plan: CorrectionPlan): Promise<CorrectionRow> {
  const figures = await applyCorrection(tx, ctx, row, plan);
  await waitFor(tx, ctx, row.id, plan.waiting, plan.bets);
  const [after] = await tx.update(corrections).set(figures).where(eq(corrections.id, row.id)).returning();
  return after!;
}

const needsSecond = (above: number | null, f: taiqiuAdmin.CorrectionFigures) =>
  above !== null && f.toPlayers + f.fromPlayers > above;

async function refuseWhilePending(tx: Tx, matchId: number): Promise<void> {
  const [pending] = await tx
    .select({ id: corrections.id })
    .from(corrections)
    .where(and(eq(corrections.matchId, matchId), eq(corrections.status, 'pending')));
  if (pending) throw new AppError(ErrorCode.CONFLICT, 'correctionPending');
}

async function lockPending(tx: Tx, id: number): Promise<CorrectionRow> {
  const [row] = await tx.select().from(corrections).where(eq(corrections.id, id)).for('update');
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'correctionNotFound');
  if (row.status !== 'pending') throw new AppError(ErrorCode.CONFLICT, 'correctionDecided');
  return row;
}

/**
 * The plan's lines as applying it now would move them, player by player from their cash and
 * debt as they are: a payment repays debt first, a reversal takes what the cash holds.
 */
async function foreseenMoves(ctx: AppContext, plan: CorrectionPlan, db: Conn = ctx.db): Promise<CorrectionMove[]> {
  const players = [...new Set(plan.bets.map((b) => b.bet.userId))];
  const cash = await cashBalancesOf(db, players);
  const owed = await debtsOf(db, players);
  return plan.bets.map((item) => {
    const userId = item.bet.userId;
    let balance = cash.get(userId) ?? 0;
    let debt = owed.get(userId) ?? 0;
    let created = 0;
    if (item.difference > 0) {
      const repaid = Math.min(debt, item.difference);
      balance += item.difference - repaid;
      debt -= repaid;
    } else if (item.difference < 0) {
      const taken = Math.min(balance, -item.difference);
      created = -item.difference - taken;
      balance -= taken;
      debt += created;
    }
    cash.set(userId, balance);
    owed.set(userId, debt);
    const moved = item.difference < 0 ? item.difference + created : item.difference;
    return { item, moved, debt: created };
  });
}
