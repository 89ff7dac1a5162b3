import { sql } from 'drizzle-orm';
import { ErrorCode, type TransferCode } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { preparedStatement } from '../../platform/prepared.js';
import { deferHouseMove } from './house-moves.js';
import { entryTypeOf, findByKey, replay, resolveHash } from './ledger.js';

/*
 * Many holds of players' cash resolved at once (a batch of in-play bets decided): what
 * postPending and voidPending do for each, in one statement for all. The players' accounts are
 * locked in id order first (as every transfer locks them), each moves once by its sums; a void
 * gives the player an entry with the balance after it, in the order given (a post leaves the
 * available balance as it was: no entry); the house side moves before commit with the others
 * (house-moves.ts).
 */

export interface HoldResolution {
  /** Idempotency key: a key used before must repeat its request, and moves nothing again. */
  key: string;
  kind: 'post' | 'void';
  /** The hold (a pending transfer debiting a player's cash). */
  pendingId: number;
  /** The hold's code: a hold of another code is not found. */
  code: TransferCode;
}

/** Posts or voids each hold, in the caller's transaction. */
export async function resolveHolds(tx: Tx, ctx: AppContext, holds: HoldResolution[]): Promise<void> {
  if (holds.length === 0) return;
  const now = ctx.now();
  const rows = uniqueKeys(
    holds.map((h, n) => ({
      n,
      key: h.key,
      hash: resolveHash(h.kind, h.pendingId),
      kind: h.kind,
      code: h.code,
      entry_type: entryTypeOf(h.kind, h.code),
      pending_id: h.pendingId,
    })),
  );
  const [result] = await resolveStatement(tx, { rows: JSON.stringify(rows), at: now.toISOString() });
  if (!result || result.found < rows.length) throw new AppError(ErrorCode.NOT_FOUND, 'notFound');
  if (!result.ofPlayers) throw new Error('a hold to resolve is not of a player’s cash');
  const written = result.transfers ?? [];
  for (const t of written) {
    const amount = Number(t.amount);
    const post = t.kind === 'post';
    deferHouseMove(
      tx,
      Number(t.house),
      post ? { creditsPending: -amount, creditsPosted: amount } : { creditsPending: -amount },
      // A post makes the house's available balance grow; a void changes only what it had pending.
      post ? { transferId: Number(t.id), type: entryTypeOf('post', t.code), amount, createdAt: now } : null,
    );
  }
  if (written.length < rows.length) await replayed(tx, rows, new Set(written.map((t) => t.key)));
  for (const b of result.balances ?? []) {
    await ctx.live.notifyUser(Number(b.owner), { type: 'BALANCE_UPDATED', balance: Number(b.balance) }, tx);
  }
}

/** A key given twice is one resolution if its requests are the same, else 409 (as if it came again later). */
function uniqueKeys<R extends { key: string; hash: string }>(rows: R[]): R[] {
  const byKey = new Map<string, R>();
  for (const r of rows) {
    const seen = byKey.get(r.key);
    if (seen && seen.hash !== r.hash) throw new AppError(ErrorCode.CONFLICT, 'idempotencyConflict');
    if (!seen) byKey.set(r.key, r);
  }
  return [...byKey.values()];
}

/** Keys used before must repeat their request (else 409); a hold resolved under another key: 409 pendingResolved. */
async function replayed(tx: Tx, rows: { key: string; hash: string }[], written: Set<string>): Promise<void> {
  for (const r of rows.filter((x) => !written.has(x.key))) {
    const earlier = await findByKey(tx, r.key);
    if (!earlier) throw new AppError(ErrorCode.CONFLICT, 'pendingResolved');
    replay(earlier, r.hash);
  }
}

interface ResolveResult {
  /** The holds found (pending transfers of the code given). */
  found: number;
  /** Every hold's debit is a player's account (locked). */
  ofPlayers: boolean;
  transfers:
    { id: number; key: string; kind: 'post' | 'void'; code: TransferCode; house: number; amount: number }[] | null;
  balances: { owner: number; balance: number }[] | null;
}

const resolveStatement = (() => {
  const p = sql.placeholder;
  return preparedStatement<ResolveResult>(
    'wallet_resolve_holds',
    sql`WITH r AS (
        SELECT * FROM jsonb_to_recordset(${p('rows')}::jsonb)
          AS r(n int, key text, hash text, kind text, code text, entry_type text, pending_id bigint)),
      held AS (
        SELECT t.id, t.code, t.debit_account_id, t.credit_account_id, t.amount, t.reference_table,
               t.reference_id, t.memo, r.n, r.key, r.hash, r.kind, r.entry_type
        FROM r JOIN transfers t ON t.id = r.pending_id AND t.kind = 'pending' AND t.code = r.code),
      players AS (
        SELECT id FROM accounts
        WHERE id IN (SELECT debit_account_id FROM held) AND owner_id IS NOT NULL
        ORDER BY id FOR NO KEY UPDATE),
      transfer AS (
        INSERT INTO transfers (idempotency_key, request_hash, kind, code, pending_id, debit_account_id,
          credit_account_id, amount, reference_table, reference_id, memo, created_at)
        SELECT h.key, h.hash, h.kind, h.code, h.id, h.debit_account_id, h.credit_account_id, h.amount,
               h.reference_table, h.reference_id, h.memo, ${p('at')}::timestamptz
        FROM held h JOIN players a ON a.id = h.debit_account_id
        ORDER BY h.n
        ON CONFLICT DO NOTHING
        RETURNING id, idempotency_key, kind, code, debit_account_id, credit_account_id, amount),
      sums AS (
        SELECT debit_account_id AS id, sum(amount) AS held,
               coalesce(sum(amount) FILTER (WHERE kind = 'post'), 0) AS posted,
               coalesce(sum(amount) FILTER (WHERE kind = 'void'), 0) AS voided
        FROM transfer GROUP BY 1),
      moved AS (
        UPDATE accounts a
        SET debits_pending = a.debits_pending - s.held, debits_posted = a.debits_posted + s.posted
        FROM sums s WHERE a.id = s.id
        RETURNING a.id, a.owner_id, a.credits_posted - a.debits_posted - a.debits_pending AS balance, s.voided),
      entry AS (
        INSERT INTO entries (transfer_id, account_id, type, amount, balance_after, created_at)
        SELECT t.id, t.debit_account_id, h.entry_type, t.amount,
               m.balance - m.voided + sum(t.amount) OVER (PARTITION BY t.debit_account_id ORDER BY t.id),
               ${p('at')}::timestamptz
        FROM transfer t JOIN moved m ON m.id = t.debit_account_id JOIN held h ON h.key = t.idempotency_key
        WHERE t.kind = 'void')
      SELECT (SELECT count(*)::int FROM held) AS found,
             (SELECT count(*) FROM players) = (SELECT count(DISTINCT debit_account_id) FROM held) AS "ofPlayers",
             (SELECT json_agg(json_build_object('id', t.id, 'key', t.idempotency_key, 'kind', t.kind, 'code', t.code,
                                                'house', t.credit_account_id, 'amount', t.amount) ORDER BY t.id)
              FROM transfer t) AS transfers,
             (SELECT json_agg(json_build_object('owner', m.owner_id, 'balance', m.balance)) FROM moved m) AS balances`,
  );
})();
