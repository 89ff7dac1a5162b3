import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Conn } from '../../platform/db.js';
import { DEBTS_MATCH_MOVES, REPAYMENTS_MATCH_TRANSFERS } from './debts.js';
import { ledgerReferences, type LedgerReference } from './references.js';

export interface LedgerCheck {
  name: string;
  ok: boolean;
  /** What is wrong, when not ok. */
  detail?: string;
}

export interface LedgerReport {
  ok: boolean;
  checks: LedgerCheck[];
  /** Names and details of the failed checks. */
  failures: string[];
}

/** Verifies every invariant of docs/design.md §5 on the database. */
export async function checkLedger(db: Conn, references: LedgerReference[] = ledgerReferences()): Promise<LedgerReport> {
  const checks: LedgerCheck[] = [];
  const run = async (name: string, query: SQL) => {
    const [row] = await queryRows<{ n: number; sample: string | null }>(db, query);
    const n = row?.n ?? 0;
    checks.push(n === 0 ? { name, ok: true } : { name, ok: false, detail: `${n} wrong (${row?.sample ?? ''})` });
  };

  await run(
    'debits equal credits, posted and pending',
    sql`SELECT count(*)::int AS n, NULL AS sample FROM (
          SELECT sum(debits_posted) AS dp, sum(credits_posted) AS cp, sum(debits_pending) AS dq, sum(credits_pending) AS cq
          FROM accounts) s
        WHERE s.dp <> s.cp OR s.dq <> s.cq`,
  );
  await run('every account equals the sum of its transfers', sql.raw(ACCOUNTS_MATCH_TRANSFERS));
  await run(
    'no player account overdrawn',
    sql`SELECT count(*)::int AS n, string_agg(id::text, ',') AS sample FROM accounts
        WHERE owner_id IS NOT NULL AND debits_pending + debits_posted > credits_posted`,
  );
  await run(
    'every idempotency key applied once',
    sql`SELECT count(*)::int AS n, string_agg(idempotency_key, ',') AS sample FROM (
          SELECT idempotency_key FROM transfers GROUP BY idempotency_key HAVING count(*) > 1) d`,
  );
  await run('every pending resolved at most once, by a matching post or void', sql.raw(RESOLUTIONS_MATCH));
  await run('entries match their transfers', sql.raw(ENTRIES_MATCH_TRANSFERS));
  await run('balances after are running sums equal to the accounts', sql.raw(BALANCES_AFTER_MATCH));
  await run('every debt is the sum of its moves', sql.raw(DEBTS_MATCH_MOVES));
  await run('every repayment of a debt is its transfer', sql.raw(REPAYMENTS_MATCH_TRANSFERS));
  await run('every transfer names a registered business table', unregistered(references));
  for (const ref of references) {
    await run(`${ref.table} settled rows have one ${ref.code} transfer`, settledRowsHaveOne(ref));
    await run(`${ref.code} transfers name a settled ${ref.table} row`, transfersHaveRow(ref));
  }

  const failures = checks.filter((c) => !c.ok).map((c) => `${c.name}: ${c.detail}`);
  return { ok: failures.length === 0, checks, failures };
}

const ACCOUNTS_MATCH_TRANSFERS = `
  WITH posted AS (
    SELECT account_id, sum(d) AS d, sum(c) AS c FROM (
      SELECT debit_account_id AS account_id, amount AS d, 0 AS c FROM transfers WHERE kind IN ('single', 'post')
      UNION ALL
      SELECT credit_account_id, 0, amount FROM transfers WHERE kind IN ('single', 'post')) x
    GROUP BY account_id),
  open_pending AS (
    SELECT * FROM transfers p WHERE p.kind = 'pending' AND NOT EXISTS (SELECT 1 FROM transfers r WHERE r.pending_id = p.id)),
  pending AS (
    SELECT account_id, sum(d) AS d, sum(c) AS c FROM (
      SELECT debit_account_id AS account_id, amount AS d, 0 AS c FROM open_pending
      UNION ALL
      SELECT credit_account_id, 0, amount FROM open_pending) y
    GROUP BY account_id)
  SELECT count(*)::int AS n, string_agg(a.id::text, ',') AS sample
  FROM accounts a LEFT JOIN posted p ON p.account_id = a.id LEFT JOIN pending q ON q.account_id = a.id
  WHERE a.debits_posted <> coalesce(p.d, 0) OR a.credits_posted <> coalesce(p.c, 0)
     OR a.debits_pending <> coalesce(q.d, 0) OR a.credits_pending <> coalesce(q.c, 0)`;

const RESOLUTIONS_MATCH = `
  SELECT count(*)::int AS n, string_agg(r.id::text, ',') AS sample
  FROM transfers r LEFT JOIN transfers p ON p.id = r.pending_id
  WHERE r.kind IN ('post', 'void') AND (
    p.id IS NULL OR p.kind <> 'pending' OR p.amount <> r.amount OR p.code <> r.code
    OR p.debit_account_id <> r.debit_account_id OR p.credit_account_id <> r.credit_account_id
    OR p.reference_table <> r.reference_table OR p.reference_id <> r.reference_id
    OR (SELECT count(*) FROM transfers o WHERE o.pending_id = r.pending_id) <> 1)`;

// single: debit −, credit +; pending: debit −; post: credit +; void: debit +.
const ENTRIES_MATCH_TRANSFERS = `
  SELECT count(*)::int AS n, string_agg(t.id::text, ',') AS sample FROM transfers t
  WHERE (SELECT count(*) FROM entries e WHERE e.transfer_id = t.id) <> CASE WHEN t.kind = 'single' THEN 2 ELSE 1 END
     OR EXISTS (
       SELECT 1 FROM entries e WHERE e.transfer_id = t.id AND NOT (
         (t.kind IN ('single', 'pending') AND e.account_id = t.debit_account_id AND e.amount = -t.amount)
         OR (t.kind IN ('single', 'post') AND e.account_id = t.credit_account_id AND e.amount = t.amount)
         OR (t.kind = 'void' AND e.account_id = t.debit_account_id AND e.amount = t.amount)))`;

const BALANCES_AFTER_MATCH = `
  SELECT count(*)::int AS n, string_agg(account_id::text, ',') AS sample FROM (
    SELECT e.account_id FROM (
      SELECT account_id, balance_after, sum(amount) OVER (PARTITION BY account_id ORDER BY id) AS running FROM entries) e
    WHERE e.balance_after <> e.running
    UNION ALL
    SELECT a.id FROM accounts a
    WHERE (SELECT coalesce(sum(amount), 0) FROM entries e WHERE e.account_id = a.id)
      <> a.credits_posted - a.debits_posted - a.debits_pending) x`;

function unregistered(references: LedgerReference[]): SQL {
  const known = references.map((r) => sql`(${r.table}, ${r.code})`);
  const filter = known.length ? sql`(reference_table, code) NOT IN (${sql.join(known, sql`, `)})` : sql`true`;
  return sql`SELECT count(*)::int AS n, string_agg(DISTINCT reference_table || ':' || code, ',') AS sample
             FROM transfers WHERE kind IN ('single', 'pending') AND ${filter}`;
}

function settledRowsHaveOne(ref: LedgerReference): SQL {
  const id = sql`b.${sql.identifier(ref.idColumn)}::text`;
  return sql`SELECT count(*)::int AS n, string_agg(${id}, ',') AS sample FROM ${sql.identifier(ref.table)} b
             WHERE (${sql.raw(ref.settled)}) AND (
               SELECT count(*) FROM transfers t
               WHERE t.reference_table = ${ref.table} AND t.reference_id = ${id}
                 AND t.code = ${ref.code} AND t.kind IN ('single', 'pending')) <> 1`;
}

function transfersHaveRow(ref: LedgerReference): SQL {
  return sql`SELECT count(*)::int AS n, string_agg(t.reference_id, ',') AS sample FROM transfers t
             WHERE t.reference_table = ${ref.table} AND t.code = ${ref.code} AND t.kind IN ('single', 'pending')
               AND NOT EXISTS (
                 SELECT 1 FROM ${sql.identifier(ref.table)} b
                 WHERE b.${sql.identifier(ref.idColumn)}::text = t.reference_id AND (${sql.raw(ref.settled)}))`;
}
