import { sql } from 'drizzle-orm';
import { queryRows, type Conn } from '../../src/platform/db.js';

/** Rows in a table, to show that a refused call wrote nothing. */
export async function countRows(
  db: Conn,
  table: 'users' | 'sessions' | 'accounts' | 'user_tree' | 'captchas' | 'uploads',
): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`);
  return row?.n ?? 0;
}
