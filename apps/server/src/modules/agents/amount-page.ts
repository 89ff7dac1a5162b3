import { sum, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { PageRequest } from '@breakshot/contracts';
import type { Conn } from '../../platform/db.js';
import { pageOf, type Page } from '../../platform/paging.js';

/** The console's money lists: a page of `table`'s rows matching `where`, and the sum of `amount` over all of them. */
export async function pageWithTotal<T extends PgTable>(
  db: Conn,
  input: PageRequest,
  table: T,
  where: SQL | undefined,
  order: SQL[] | AnyPgColumn[],
  amount: AnyPgColumn,
): Promise<Page<T['$inferSelect']> & { totalAmount: number }> {
  const [page, [sums]] = await Promise.all([
    pageOf(
      input,
      (limit, offset) =>
        db
          .select()
          .from(table as PgTable)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset) as Promise<T['$inferSelect'][]>,
      () => db.$count(table, where),
    ),
    db
      .select({ amount: sum(amount).mapWith(Number) })
      .from(table as PgTable)
      .where(where),
  ]);
  return { ...page, totalAmount: sums?.amount ?? 0 };
}

/** No rows: a list filtered by a player who does not exist. */
export const emptyPage = (input: PageRequest) => ({
  list: [],
  total: 0,
  page: input.page,
  pageSize: input.pageSize,
  totalAmount: 0,
});
