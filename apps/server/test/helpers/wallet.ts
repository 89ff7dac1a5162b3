import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { auth, type TransferCode } from '@breakshot/contracts';
import { inTransaction, queryRows, type Conn, type Tx } from '../../src/platform/db.js';
import { checkLedger } from '../../src/modules/wallet/check.js';
import { registerLedgerReference } from '../../src/modules/wallet/references.js';
import { transfer, type AccountRef } from '../../src/modules/wallet/ledger.js';
import { call, registerUser, type TestApp } from './test-app.js';

export interface Player {
  token: string;
  userId: number;
}

export async function newPlayer(t: TestApp): Promise<Player> {
  const token = await registerUser(t.app);
  const info = await call(t.app, auth.userInfo, {}, { token });
  return { token, userId: info.data.id };
}

/** Undoes of the test_ops registrations made by the running file (test/setup.ts calls them after it). */
const testOpsRegistrations: (() => void)[] = [];

/**
 * Business rows of ledger tests: one per money move, in the transfer's transaction, registered
 * with the checker like any module's table, until the file ends (the files after it in the same
 * worker have no such table).
 */
export async function useTestOps(db: Conn, codes: TransferCode[]): Promise<void> {
  await db.execute(sql`CREATE TABLE IF NOT EXISTS test_ops (id text PRIMARY KEY, code text NOT NULL)`);
  for (const code of codes)
    testOpsRegistrations.push(
      registerLedgerReference({ table: 'test_ops', idColumn: 'id', code, settled: `code = '${code}'` }),
    );
}

export function releaseTestOps(): void {
  for (const release of testOpsRegistrations.splice(0)) release();
}

export async function recordTestOp(tx: Tx, id: string, code: TransferCode): Promise<void> {
  await tx.execute(sql`INSERT INTO test_ops (id, code) VALUES (${id}, ${code}) ON CONFLICT DO NOTHING`);
}

/** Moves money between accounts with its test_ops row, as a module would. */
export function moveWithRow(
  t: TestApp,
  key: string,
  code: TransferCode,
  debit: AccountRef,
  credit: AccountRef,
  amount: number,
) {
  return inTransaction(t.db, async (tx) => {
    await recordTestOp(tx, key, code);
    return transfer(tx, t.app.ctx, { key, code, debit, credit, amount, reference: { table: 'test_ops', id: key } });
  });
}

export async function expectLedgerOk(db: Conn): Promise<void> {
  const report = await checkLedger(db);
  expect(report.failures).toEqual([]);
  expect(report.ok).toBe(true);
}

export async function rowCount(db: Conn, table: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`);
  return row?.n ?? 0;
}
