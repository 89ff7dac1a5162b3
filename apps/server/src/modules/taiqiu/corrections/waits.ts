import { eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../../platform/context.js';
import type { taiqiuAdmin } from '@breakshot/contracts';
import { queryRows, type Tx } from '../../../platform/db.js';
import { settledBetsByIds, type BetRow, type Resettled } from '../../bets/service.js';
import { correctionWaits, corrections } from '../tables.js';
import { resettleUnder } from './apply.js';
import { slipsSettledAgain } from './plan.js';

/*
 * Settled parlays a correction left undecided (docs/design.md §9, "Result corrections"): a slip
 * lost on a leg the correction made won or void, with other legs still to play, keeps its first
 * settlement and waits. When the settlement of a match decides its last legs, the correction
 * settles it again, as it would have at once had they been played: its lines, the ledger and
 * `bets.resettled` under the correction's id and reason. A later correction of a waiting slip
 * takes it over (one wait per slip); one that decides it settles it and ends the wait.
 */

/** The plan's undecided slips wait for correction `id`; the slips it settled stop waiting. */
export async function waitFor(tx: Tx, ctx: AppContext, id: number, waiting: BetRow[], settled: Resettled[]) {
  const ended = settled.map((s) => s.bet.id);
  const before = await correctionsWaitedFor(tx, [...waiting.map((b) => b.id), ...ended]);
  if (ended.length > 0) await tx.delete(correctionWaits).where(inArray(correctionWaits.betId, ended));
  if (waiting.length > 0) {
    await tx
      .insert(correctionWaits)
      .values(waiting.map((b) => ({ betId: b.id, correctionId: id, createdAt: ctx.now() })))
      .onConflictDoUpdate({ target: correctionWaits.betId, set: { correctionId: id, createdAt: ctx.now() } });
  }
  await recountWaiting(tx, before);
}

/**
 * The waiting slips among `betIds` (those a match's settlement just gave legs) that their legs now
 * decide, each settled again by the correction it waits for. Call it in the settling transaction.
 */
export async function settleWaiting(tx: Tx, ctx: AppContext, betIds: number[]): Promise<void> {
  if (betIds.length === 0) return;
  const waits = await tx.select().from(correctionWaits).where(inArray(correctionWaits.betId, betIds));
  if (waits.length === 0) return;
  const rows = await settledBetsByIds(
    tx,
    waits.map((w) => w.betId),
  );
  const decided = (await slipsSettledAgain(tx, rows, (leg) => leg.result)).flatMap((s) =>
    s.resettled ? [s.resettled] : [],
  );
  if (decided.length === 0) return;
  const waitedFor = new Map(waits.map((w) => [w.betId, w.correctionId]));
  const ids = [...new Set(decided.map((d) => waitedFor.get(d.bet.id)!))].sort((a, b) => a - b);
  const rowsOf = await tx.select().from(corrections).where(inArray(corrections.id, ids)).orderBy(corrections.id);
  for (const correction of rowsOf) {
    const items = decided.filter((d) => waitedFor.get(d.bet.id) === correction.id);
    await resettleUnder(tx, ctx, correction, items);
    await tx.delete(correctionWaits).where(
      inArray(
        correctionWaits.betId,
        items.map((i) => i.bet.id),
      ),
    );
    await tx
      .update(corrections)
      .set(await figuresOfLines(tx, correction.id))
      .where(eq(corrections.id, correction.id));
  }
}

async function correctionsWaitedFor(tx: Tx, betIds: number[]): Promise<number[]> {
  if (betIds.length === 0) return [];
  const rows = await tx
    .selectDistinct({ id: correctionWaits.correctionId })
    .from(correctionWaits)
    .where(inArray(correctionWaits.betId, betIds));
  return rows.map((r) => r.id);
}

/** The corrections' counts of slips waiting, read again. */
async function recountWaiting(tx: Tx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(corrections)
    .set({ waiting: sql`(SELECT count(*) FROM taiqiu_correction_waits w WHERE w.correction_id = ${corrections.id})` })
    .where(inArray(corrections.id, ids));
}

/** A correction's figures summed from its lines (a line's difference is what moved less its debt), and its waits. */
async function figuresOfLines(tx: Tx, id: number): Promise<taiqiuAdmin.CorrectionFigures> {
  const [row] = await queryRows<Record<keyof taiqiuAdmin.CorrectionFigures, string | number>>(
    tx,
    sql`SELECT count(*)::int AS bets,
           (count(*) FILTER (WHERE payout_before <> payout_after OR status_before <> status_after))::int AS changed,
           coalesce(sum(greatest(moved - debt, 0)), 0)::bigint AS "toPlayers",
           coalesce(sum(greatest(debt - moved, 0)), 0)::bigint AS "fromPlayers",
           coalesce(sum(debt), 0)::bigint AS debts,
           (count(DISTINCT user_id) FILTER (WHERE debt > 0))::int AS debtors,
           (SELECT count(*) FROM taiqiu_correction_waits WHERE correction_id = ${id})::int AS waiting
         FROM taiqiu_correction_bets WHERE correction_id = ${id}`,
  );
  const figures = Object.entries(row!).map(([key, value]) => [key, Number(value)]);
  return Object.fromEntries(figures) as taiqiuAdmin.CorrectionFigures;
}
