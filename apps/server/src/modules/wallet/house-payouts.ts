import { sql } from 'drizzle-orm';
import { MAX_AMOUNT, type TransferCode } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db.js';
import { preparedStatement } from '../../platform/prepared.js';
import { deferHouseMove } from './house-moves.js';
import { accountId, findByKey, replay, transferHash, type TransferRequest } from './ledger.js';
import { CASH, houseShardOf, type HouseKind } from './tables.js';

/*
 * Many transfers from a house account to players' cash at once (a settlement batch's payouts and
 * refunds, a batch of rebate claims or of deposit credits): what transfer() does for each, in one
 * statement for all.
 * The players' accounts are locked in id order first (as every transfer locks them), each moves
 * once by its sum, and each transfer gets its entry with the balance after it, in the order
 * given; the house side moves before commit with the others (house-moves.ts).
 */

export interface HousePayout {
  /** Idempotency key: a key used before must repeat its request, and moves nothing again. */
  key: string;
  code: Extract<TransferCode, 'payout' | 'refund' | 'cashout' | 'rebate' | 'deposit' | 'bonus'>;
  /** The house account it comes from: 'house' unless said. */
  from?: Extract<HouseKind, 'house' | 'rebate_expense' | 'gateway' | 'bonus_expense'>;
  userId: number;
  /** Minor units, > 0 and at most MAX_AMOUNT. */
  amount: number;
  reference: { table: string; id: string | number };
}

/** Pays each from its house account (on the player's shard) to the player's cash, in the caller's transaction. */
export async function payFromHouse(tx: Tx, ctx: AppContext, payouts: HousePayout[]): Promise<void> {
  if (payouts.length === 0) return;
  const now = ctx.now();
  const rows = payouts.map((p, n) => {
    if (!Number.isSafeInteger(p.amount) || p.amount <= 0 || p.amount > MAX_AMOUNT) {
      throw new Error(`a payout must be a whole number in (0, MAX_AMOUNT]: ${p.amount}`);
    }
    const { key, code, userId, amount, reference } = p;
    const ref = { ref_table: reference.table, ref_id: String(reference.id) };
    const house = { house: p.from ?? 'house', shard: houseShardOf(userId) };
    return { n, key, hash: hashOf(p), code, user_id: userId, amount, ...house, ...ref };
  });
  const values = { rows: JSON.stringify(rows), at: now.toISOString() };
  let [result] = await payStatement(tx, values);
  if (!result?.opened) {
    // Written only with every account there: a house shard's first payout opens it, then all go again.
    const shards = new Map(rows.map((r) => [`${r.house} ${r.shard}`, r]));
    for (const { house, shard } of shards.values()) await accountId(tx, { house, shard });
    [result] = await payStatement(tx, values);
    if (!result?.opened) throw new Error('a payout to a player without a cash account');
  }
  const written = result.transfers ?? [];
  for (const t of written) {
    const entry = { transferId: Number(t.id), type: t.code, amount: -Number(t.amount), createdAt: now };
    deferHouseMove(tx, Number(t.house), { debitsPosted: Number(t.amount) }, entry);
  }
  if (written.length < payouts.length) await replayed(tx, payouts, new Set(written.map((t) => t.key)));
  for (const b of result.balances ?? []) {
    await ctx.live.notifyUser(Number(b.owner), { type: 'BALANCE_UPDATED', balance: Number(b.balance) }, tx);
  }
}

const hashOf = (p: HousePayout) => {
  const req: TransferRequest = { ...p, debit: { house: p.from ?? 'house' }, credit: { userId: p.userId } };
  return transferHash('single', req);
};

/** Keys used before: each must repeat its request (else 409 idempotencyConflict), and moved nothing now. */
async function replayed(tx: Tx, payouts: HousePayout[], written: Set<string>): Promise<void> {
  for (const p of payouts.filter((x) => !written.has(x.key))) {
    const earlier = await findByKey(tx, p.key);
    if (!earlier) throw new Error(`payout ${p.key} neither written nor found`);
    replay(earlier, hashOf(p));
  }
}

interface PayResult {
  /** Every player's cash and every house shard had its account: nothing is written otherwise. */
  opened: boolean;
  transfers: { id: number; key: string; house: number; amount: number; code: HousePayout['code'] }[] | null;
  balances: { owner: number; balance: number }[] | null;
}

const payStatement = (() => {
  const p = sql.placeholder;
  return preparedStatement<PayResult>(
    'wallet_pay_from_house',
    sql`WITH r AS (
        SELECT * FROM jsonb_to_recordset(${p('rows')}::jsonb)
          AS r(n int, key text, hash text, code text, user_id bigint, amount bigint, house text, shard int,
               ref_table text, ref_id text)),
      players AS (
        SELECT id, owner_id FROM accounts
        WHERE owner_id IN (SELECT user_id FROM r) AND kind = ${CASH}
        ORDER BY id FOR NO KEY UPDATE),
      houses AS (
        SELECT id, kind, shard FROM accounts
        WHERE owner_id IS NULL AND (kind, shard) IN (SELECT house, shard FROM r)),
      opened AS (
        SELECT (SELECT count(*) FROM players) = (SELECT count(DISTINCT user_id) FROM r)
           AND (SELECT count(*) FROM houses) = (SELECT count(DISTINCT (house, shard)) FROM r) AS ok),
      transfer AS (
        INSERT INTO transfers (idempotency_key, request_hash, kind, code, debit_account_id, credit_account_id,
          amount, reference_table, reference_id, memo, created_at)
        SELECT r.key, r.hash, 'single', r.code, h.id, a.id, r.amount, r.ref_table, r.ref_id, NULL,
               ${p('at')}::timestamptz
        FROM r JOIN players a ON a.owner_id = r.user_id JOIN houses h ON h.kind = r.house AND h.shard = r.shard
        WHERE (SELECT ok FROM opened)
        ORDER BY r.n
        ON CONFLICT DO NOTHING
        RETURNING id, idempotency_key, code, debit_account_id, credit_account_id, amount),
      sums AS (SELECT credit_account_id AS id, sum(amount) AS total FROM transfer GROUP BY 1),
      moved AS (
        UPDATE accounts a SET credits_posted = a.credits_posted + s.total
        FROM sums s WHERE a.id = s.id
        RETURNING a.id, a.owner_id, a.credits_posted - a.debits_posted - a.debits_pending AS balance, s.total),
      entry AS (
        INSERT INTO entries (transfer_id, account_id, type, amount, balance_after, created_at)
        SELECT t.id, t.credit_account_id, t.code, t.amount,
               m.balance - m.total + sum(t.amount) OVER (PARTITION BY t.credit_account_id ORDER BY t.id),
               ${p('at')}::timestamptz
        FROM transfer t JOIN moved m ON m.id = t.credit_account_id)
      SELECT (SELECT ok FROM opened) AS opened,
             (SELECT json_agg(json_build_object('id', t.id, 'key', t.idempotency_key, 'house', t.debit_account_id,
                                                'amount', t.amount, 'code', t.code) ORDER BY t.id)
              FROM transfer t) AS transfers,
             (SELECT json_agg(json_build_object('owner', m.owner_id, 'balance', m.balance)) FROM moved m) AS balances`,
  );
})();
