import { sql } from 'drizzle-orm';
import type { EntryType } from '@breakshot/contracts';
import { beforeCommit, type Tx } from '../../platform/db.js';
import { preparedStatement } from '../../platform/prepared.js';

/*
 * The house side of transfers (accounts without an owner: house, gateway, the expenses…). Every
 * bet and payout moves money with the one `house` account, so its row is what all of them would
 * queue for, each holding it from its transfer to its commit. Instead a transaction's house moves
 * are summed as it goes and applied just before it commits (beforeCommit), one statement for all
 * of them, in id order, written with the COMMIT: the row is locked for that statement and the
 * commit only. Nothing needs a house balance earlier: house accounts have no overdraft check.
 * Taken last, in id order, with nothing locked after them, these locks close no wait cycle with
 * the player accounts a transaction locks as it goes.
 */

export type Deltas = Record<'debitsPosted' | 'creditsPosted' | 'debitsPending' | 'creditsPending', number>;

/** `UPDATE accounts SET` list adding the deltas (placeholders named as in Deltas) to an account's four totals. */
export const addDeltas = sql`debits_posted = debits_posted + ${sql.placeholder('debitsPosted')},
             credits_posted = credits_posted + ${sql.placeholder('creditsPosted')},
             debits_pending = debits_pending + ${sql.placeholder('debitsPending')},
             credits_pending = credits_pending + ${sql.placeholder('creditsPending')}`;

/** An entry of an account, written with its move: the balance after is known only then. */
export interface MoveEntry {
  transferId: number;
  type: EntryType;
  amount: number;
  createdAt: Date;
}

interface Pending {
  deltas: Deltas;
  entries: MoveEntry[];
}

const pendingOf = new WeakMap<Tx, Map<number, Pending>>();

/** Adds a move (and its entry, if the available balance changes) of a house account to the transaction's. */
export function deferHouseMove(tx: Tx, accountId: number, deltas: Partial<Deltas>, entry: MoveEntry | null): void {
  let accounts = pendingOf.get(tx);
  if (!accounts) {
    const moves = new Map<number, Pending>();
    pendingOf.set(tx, moves);
    beforeCommit(tx, () => applyHouseMoves(tx, moves), { oneStatement: true });
    accounts = moves;
  }
  let pending = accounts.get(accountId);
  if (!pending) {
    pending = { deltas: { debitsPosted: 0, creditsPosted: 0, debitsPending: 0, creditsPending: 0 }, entries: [] };
    accounts.set(accountId, pending);
  }
  for (const [column, delta] of Object.entries(deltas) as [keyof Deltas, number][]) pending.deltas[column] += delta;
  if (entry) pending.entries.push(entry);
}

/**
 * Every account's summed move and its entries in one statement (a settlement batch moves a house
 * shard per player's shard): the accounts locked in id order, the entries' balances after running
 * from each account's balance before this transaction's moves, in the order the transfers were made.
 */
async function applyHouseMoves(tx: Tx, accounts: Map<number, Pending>): Promise<void> {
  pendingOf.delete(tx);
  const moves = [...accounts].map(([id, { deltas, entries }]) => ({
    id,
    debits_posted: deltas.debitsPosted,
    credits_posted: deltas.creditsPosted,
    debits_pending: deltas.debitsPending,
    credits_pending: deltas.creditsPending,
    change: entries.reduce((sum, e) => sum + e.amount, 0),
  }));
  const entries = [...accounts].flatMap(([id, pending]) =>
    pending.entries.map((e, n) => ({
      account_id: id,
      n,
      transfer_id: e.transferId,
      type: e.type,
      amount: e.amount,
      created_at: e.createdAt.toISOString(),
    })),
  );
  await applyHouseMove(tx, { moves: JSON.stringify(moves), entries: JSON.stringify(entries) });
}

const applyHouseMove = preparedStatement<{ moved: number }>(
  'wallet_house_moves',
  sql`WITH a AS (
        SELECT * FROM jsonb_to_recordset(${sql.placeholder('moves')}::jsonb)
          AS a(id bigint, debits_posted bigint, credits_posted bigint, debits_pending bigint, credits_pending bigint,
               change bigint)),
      locked AS (
        SELECT h.id FROM accounts h JOIN a USING (id) WHERE h.owner_id IS NULL
        ORDER BY h.id FOR NO KEY UPDATE OF h),
      moved AS (
        UPDATE accounts h
        SET debits_posted = h.debits_posted + a.debits_posted, credits_posted = h.credits_posted + a.credits_posted,
            debits_pending = h.debits_pending + a.debits_pending, credits_pending = h.credits_pending + a.credits_pending
        FROM a JOIN locked l USING (id)
        WHERE h.id = a.id
        RETURNING h.id, h.credits_posted - h.debits_posted - h.debits_pending AS balance, a.change),
      written AS (
        INSERT INTO entries (transfer_id, account_id, type, amount, balance_after, created_at)
        SELECT e.transfer_id, e.account_id, e.type, e.amount,
               m.balance - m.change + sum(e.amount) OVER (PARTITION BY e.account_id ORDER BY e.n), e.created_at
        FROM moved m
        JOIN jsonb_to_recordset(${sql.placeholder('entries')}::jsonb)
          AS e(account_id bigint, n int, transfer_id bigint, type text, amount bigint, created_at timestamptz)
          ON e.account_id = m.id
        ORDER BY e.account_id, e.n
        RETURNING 1)
      SELECT CASE WHEN count(*) = (SELECT count(*) FROM a) THEN count(*)::int
        -- Fails the statement (and so the transaction, at COMMIT: see beforeCommit's oneStatement).
        ELSE ('house accounts not found: ' || count(*) || ' of ' || (SELECT count(*) FROM a))::int
        END AS moved
      FROM moved`,
);
