import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { ErrorCode, type BalanceEntry, type EntryType } from '@breakshot/contracts';
import type { Conn } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { withinTimeRange } from '../../platform/time-range.js';
import { pageOf } from '../../platform/paging.js';
import { CASH } from './ledger.js';
import { referenceContexts } from './references.js';
import { accounts, entries, transfers } from './tables.js';

export interface EntryFilter {
  page: number;
  pageSize: number;
  type?: EntryType | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const columns = {
  id: entries.id,
  type: entries.type,
  amount: entries.amount,
  balanceAfter: entries.balanceAfter,
  createdAt: entries.createdAt,
  referenceTable: transfers.referenceTable,
  referenceId: transfers.referenceId,
  memo: transfers.memo,
  code: transfers.code,
  transferId: transfers.id,
};

interface EntryRecord {
  id: number;
  type: EntryType;
  amount: number;
  balanceAfter: number;
  createdAt: Date;
  referenceTable: string;
  referenceId: string;
  memo: string | null;
}

/** The player's fund details: entries of their cash account, newest first. */
export async function listEntries(db: Conn, userId: number, filter: EntryFilter) {
  const where: SQL[] = [eq(accounts.ownerId, userId), eq(accounts.kind, CASH)];
  if (filter.type) where.push(eq(entries.type, filter.type));
  where.push(...withinTimeRange(entries.createdAt, filter));
  const condition = and(...where);
  const found = await pageOf(
    filter,
    (limit, offset) =>
      db
        .select(columns)
        .from(entries)
        .innerJoin(accounts, eq(accounts.id, entries.accountId))
        .innerJoin(transfers, eq(transfers.id, entries.transferId))
        .where(condition)
        .orderBy(desc(entries.createdAt), desc(entries.id))
        .limit(limit)
        .offset(offset),
    async () => {
      const [total] = await db
        .select({ n: count() })
        .from(entries)
        .innerJoin(accounts, eq(accounts.id, entries.accountId))
        .where(condition);
      return total?.n ?? 0;
    },
  );
  const context = await referenceContexts(db, found.list.map(referenceOf));
  return { ...found, list: found.list.map((r) => toEntry(r, context)) };
}

/** One entry of the player's own cash account; another player's → 404. */
export async function getEntry(db: Conn, userId: number, id: number) {
  const [row] = await db
    .select(columns)
    .from(entries)
    .innerJoin(accounts, eq(accounts.id, entries.accountId))
    .innerJoin(transfers, eq(transfers.id, entries.transferId))
    .where(and(eq(entries.id, id), eq(accounts.ownerId, userId), eq(accounts.kind, CASH)));
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'notFound');
  const context = await referenceContexts(db, [referenceOf(row)]);
  return { ...toEntry(row, context), code: row.code, transferId: row.transferId };
}

const referenceOf = (r: EntryRecord) => ({ table: r.referenceTable, id: r.referenceId });

function toEntry(r: EntryRecord, context: Map<string, string>): BalanceEntry {
  return {
    id: r.id,
    type: r.type,
    amount: r.amount,
    balanceAfter: r.balanceAfter,
    createdAt: r.createdAt.toISOString(),
    reference: {
      table: r.referenceTable,
      id: r.referenceId,
      context: context.get(`${r.referenceTable}:${r.referenceId}`) ?? null,
    },
    memo: r.memo,
  };
}
