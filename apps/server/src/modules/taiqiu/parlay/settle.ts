import { sql } from 'drizzle-orm';
import { parlay } from '@breakshot/contracts';
import type { AppContext } from '../../../platform/context.js';
import { inTransaction, queryRows, type Conn, type Tx } from '../../../platform/db.js';
import { openBetsByIds, settleBets } from '../../bets/service.js';
import { parlaysOf } from './slips.js';
import { bookMoved } from '../trading/news.js';
import { settleWaiting } from '../corrections/waits.js';

/*
 * Parlays settle from their legs (docs/design.md §9, "Parlays"). When a match's selections are
 * decided, its settlement gives each leg on them its outcome, and each slip that is decided by
 * then (model.ts: a lost leg decides an N串1 at once; a system waits for its last leg unless
 * every combination already lost) settles with its payout and valid bet through the one bet
 * store. Slips are locked before their legs change, in id order: the settlements of two matches
 * sharing a slip take turns, so the second sees the first's leg and no slip is left undecided.
 */

/** The match's decided legs and the slips they decide, `batch` slips to a transaction; returns the slips settled. */
export async function settleParlays(ctx: AppContext, matchId: number, batch: number): Promise<number> {
  let settled = 0;
  for (;;) {
    const { slips, done } = await inTransaction(ctx.db, (tx) => settleBatch(tx, ctx, matchId, batch));
    settled += done;
    if (slips < batch) return settled;
  }
}

async function settleBatch(tx: Tx, ctx: AppContext, matchId: number, limit: number) {
  // The slips with a leg to decide, locked in id order, in one read. A slip another settlement
  // holds is waited for; the legs' update below then leaves what that one decided alone.
  const ids = (
    await queryRows<{ betId: string | number }>(
      tx,
      sql`SELECT p.bet_id AS "betId" FROM taiqiu_parlays p
          WHERE p.bet_id IN (
            SELECT DISTINCT l.bet_id FROM taiqiu_parlay_legs l
            JOIN taiqiu_selections s ON s.id = l.selection_id AND s.result IS NOT NULL
            WHERE l.match_id = ${matchId} AND l.result IS NULL
            ORDER BY 1 LIMIT ${limit})
          ORDER BY p.bet_id FOR UPDATE OF p`,
    )
  ).map((r) => Number(r.betId));
  if (ids.length === 0) return { slips: 0, done: 0 };
  await tx.execute(sql`
    UPDATE taiqiu_parlay_legs l SET result = s.result
    FROM taiqiu_selections s
    WHERE l.bet_id IN (${sql.join(ids, sql`, `)}) AND l.match_id = ${matchId} AND l.result IS NULL
      AND s.id = l.selection_id AND s.result IS NOT NULL`);
  const slips = await parlaysOf(tx, ids);
  // A leg decided moves the slip's share of liability on its other legs' matches too.
  await bookMoved(
    ctx,
    tx,
    [...slips.values()].flatMap((s) => s.legs.map((l) => l.matchId)),
  );
  const items = (await openBetsByIds(tx, ids)).flatMap((bet) => {
    const slip = slips.get(bet.id)!;
    const legs = slip.legs.map((l) => ({ oddsMilli: l.oddsMilli, result: l.result }));
    const settled = parlay.settleSlip(slip.parlay.unitStake, legs, slip.parlay.sizes);
    if (!settled) return [];
    const { outcome, payout, validBet } = settled;
    return [{ bet, outcome, result: null, figures: { payout, validBet } }];
  });
  const done = await settleBets(tx, ctx, items);
  // Slips a correction left waiting for these legs are settled again by it.
  await settleWaiting(tx, ctx, ids);
  return { slips: ids.length, done };
}

/** Matches with parlay legs still undecided on selections that are: what a settlement cut short left. */
export async function matchesWithOpenLegs(db: Conn): Promise<number[]> {
  const rows = await queryRows<{ matchId: string | number }>(
    db,
    sql`SELECT DISTINCT l.match_id AS "matchId" FROM taiqiu_parlay_legs l
        JOIN taiqiu_selections s ON s.id = l.selection_id AND s.result IS NOT NULL
        WHERE l.result IS NULL`,
  );
  return rows.map((r) => Number(r.matchId));
}
