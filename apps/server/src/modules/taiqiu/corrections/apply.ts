import { inArray } from 'drizzle-orm';
import type { taiqiuAdmin } from '@breakshot/contracts';
import type { AppContext } from '../../../platform/context.js';
import type { Tx } from '../../../platform/db.js';
import { announceResettled, forgetReportDays, writeResettled, type Resettled } from '../../bets/service.js';
import { repayDebt, takeBack } from '../../wallet/service.js';
import { transfer, type LedgerReference } from '../../wallet/service.js';
import { bookMoved } from '../trading/news.js';
import { correctionBets, parlayLegs, selections } from '../tables.js';
import type { CorrectionPlan } from './plan.js';

/*
 * A correction applied, in one transaction (docs/design.md §9, "Result corrections"): the
 * selections and parlay legs take their new outcomes, each bet its new figures, and the
 * difference of each bet's credit moves between the player and the house, keyed by the
 * correction and the bet (a re-run moves nothing twice). A reversal the player's cash does not
 * cover leaves the rest as debt; a payment repays the player's debt first. Then `bets.resettled`.
 * A settled slip left undecided waits for its other legs (waits.ts, which the caller asks).
 */

/** A correction's money moves: each a transfer of code correction naming its bet's row. */
export const correctionLedgerReferences: LedgerReference[] = [
  { table: 'taiqiu_correction_bets', idColumn: 'ref', code: 'correction', settled: 'moved <> 0' },
];

/** A bet's line of a correction: its difference, what moved, what became debt. */
export interface CorrectionMove {
  item: Resettled;
  moved: number;
  debt: number;
}

/** Applies the plan as correction `id`; returns the figures of what moved. */
export async function applyCorrection(
  tx: Tx,
  ctx: AppContext,
  correction: Correction,
  plan: CorrectionPlan,
): Promise<taiqiuAdmin.CorrectionFigures> {
  await decideAgain(tx, plan);
  const moves = await resettleUnder(tx, ctx, correction, plan.bets);
  await bookMoved(ctx, tx, [plan.match.id]);
  return figuresOf(moves, plan.waiting.length);
}

/** A correction as its lines name it and its players read it. */
export interface Correction {
  id: number;
  reason: string;
}

/**
 * Settles the bets again under the correction: each bet's new figures, its difference through
 * the ledger, its line, the profit and loss's days forgotten, then `bets.resettled`. A bet read
 * stale is left. Returns the lines' moves.
 */
export async function resettleUnder(
  tx: Tx,
  ctx: AppContext,
  { id, reason }: Correction,
  items: Resettled[],
): Promise<CorrectionMove[]> {
  const written = await writeResettled(tx, items);
  const moves: CorrectionMove[] = [];
  for (const item of written) moves.push(await moveDifference(tx, ctx, id, item));
  if (moves.length > 0) {
    await tx.insert(correctionBets).values(
      moves.map(({ item, moved, debt }) => ({
        correctionId: id,
        betId: item.bet.id,
        userId: item.bet.userId,
        statusBefore: item.before.outcome,
        statusAfter: item.after.outcome,
        payoutBefore: item.before.payout,
        payoutAfter: item.after.payout,
        validBefore: item.before.validBet,
        validAfter: item.after.validBet,
        moved,
        debt,
        ref: refOf(id, item),
      })),
    );
  }
  await forgetReportDays(
    tx,
    written.map((w) => w.bet),
  );
  await announceResettled(tx, ctx, written, {
    reference: { table: 'taiqiu_corrections', id },
    reason,
    rowOf: (item) => ({ table: 'taiqiu_correction_bets', id: refOf(id, item) }),
  });
  return moves;
}

/** The money each way and the debts of a correction's lines; the slips it leaves waiting. */
export function figuresOf(moves: CorrectionMove[], waiting: number): taiqiuAdmin.CorrectionFigures {
  const debtors = new Set(moves.filter((m) => m.debt > 0).map((m) => m.item.bet.userId));
  return {
    bets: moves.length,
    changed: moves.filter((m) => m.item.difference !== 0 || m.item.before.outcome !== m.item.after.outcome).length,
    toPlayers: moves.reduce((s, m) => s + Math.max(0, m.item.difference), 0),
    fromPlayers: moves.reduce((s, m) => s + Math.max(0, -m.item.difference), 0),
    debts: moves.reduce((s, m) => s + m.debt, 0),
    debtors: debtors.size,
    waiting,
  };
}

const refOf = (id: number, item: Resettled) => `${id}:${item.bet.betNo}`;

/** The corrected selections and the parlay legs on them take their new outcomes. */
async function decideAgain(tx: Tx, plan: CorrectionPlan): Promise<void> {
  const changed = plan.markets.flatMap((m) => m.selections.filter((s) => s.before !== s.after));
  for (const result of ['won', 'lost', 'void'] as const) {
    const ids = changed.filter((s) => s.after === result).map((s) => s.selectionId);
    if (ids.length === 0) continue;
    await tx.update(selections).set({ result }).where(inArray(selections.id, ids));
    await tx.update(parlayLegs).set({ result }).where(inArray(parlayLegs.selectionId, ids));
  }
}

/** The bet's difference between the player and the house. */
async function moveDifference(tx: Tx, ctx: AppContext, id: number, item: Resettled): Promise<CorrectionMove> {
  const { bet, difference } = item;
  const key = `correction:${refOf(id, item)}`;
  const reference = { table: 'taiqiu_correction_bets', id: refOf(id, item) };
  if (difference > 0) {
    await transfer(tx, ctx, {
      key,
      code: 'correction',
      debit: { house: 'house' },
      credit: { userId: bet.userId },
      amount: difference,
      reference,
    });
    await repayDebt(tx, ctx, bet.userId, { amount: difference, key, reference });
    return { item, moved: difference, debt: 0 };
  }
  if (difference < 0) {
    const debt = await takeBack(tx, ctx, { key, userId: bet.userId, amount: -difference, reference });
    return { item, moved: difference + debt, debt };
  }
  return { item, moved: 0, debt: 0 };
}
