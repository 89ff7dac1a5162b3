import { sql } from 'drizzle-orm';
import type { LiveEvent } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db.js';
import { preparedStatement } from '../../platform/prepared.js';
import { resolveHolds } from '../wallet/service.js';
import type { BetRow } from './tables.js';

/**
 * What becomes of a pending bet (in-play, docs/design.md §9): accepted at these odds (null: a
 * parlay, whose legs hold theirs), or rejected with the reason.
 */
export type BetDecision = { bet: BetRow; accept: number | null } | { bet: BetRow; reject: string };

/**
 * Decides pending bets at once, in the caller's transaction: each accepted bet opens and its held
 * stake goes to the house, each rejected one keeps its reason and its stake comes back; the
 * players are told (BET_UPDATED). However many, two statements, the house's move going with the
 * commit (house-moves.ts); a bet decided already is left alone. Returns the ids of those decided.
 */
export async function decideBets(tx: Tx, ctx: AppContext, decisions: BetDecision[]): Promise<Set<number>> {
  if (decisions.length === 0) return new Set();
  const rows = decisions.map((d) =>
    'reject' in d
      ? { id: d.bet.id, status: 'rejected', odds: d.bet.oddsMilli, reason: d.reject }
      : { id: d.bet.id, status: 'open', odds: d.accept, reason: null },
  );
  const marked = await markDecided(tx, { rows: JSON.stringify(rows) });
  const decided = new Set(marked.map((r) => Number(r.id)));
  const made = decisions.filter((d) => decided.has(d.bet.id));
  await resolveHolds(
    tx,
    ctx,
    made.map(({ bet, ...d }) => ({
      key: `${'reject' in d ? 'bet-reject' : 'bet-accept'}:${bet.betNo}`,
      kind: 'reject' in d ? 'void' : 'post',
      pendingId: bet.holdTransferId!,
      code: 'bet',
    })),
  );
  for (const d of made) await ctx.live.notifyUser(d.bet.userId, toldOf(d), tx);
  return decided;
}

/** BET_UPDATED of a decision: the odds accepted at, or placed at with the reason. */
function toldOf(d: BetDecision): LiveEvent {
  const { betNo, oddsMilli } = d.bet;
  const odds = (milli: number | null) => (milli === null ? null : milli / 1000);
  if ('reject' in d)
    return { type: 'BET_UPDATED', betNo, status: 'rejected', odds: odds(oddsMilli), rejectedReason: d.reject };
  return { type: 'BET_UPDATED', betNo, status: 'open', odds: odds(d.accept) };
}

/** Each bet still pending takes its decision: open at its odds, or rejected with its reason. */
const markDecided = preparedStatement<{ id: string | number }>(
  'bets_mark_decided',
  sql`UPDATE bets b
      SET status = r.status,
          odds_milli = r.odds,
          rejected_reason = r.reason
      FROM jsonb_to_recordset(${sql.placeholder('rows')}::jsonb) AS r(id bigint, status text, odds int, reason text)
      WHERE b.id = r.id AND b.status = 'pending'
      RETURNING b.id`,
);
