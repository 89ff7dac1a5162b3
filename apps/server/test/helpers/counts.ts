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

/** Every base table of the schema (read from information_schema, so a new table is included). */
export async function tableNames(db: Conn): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  return rows.map((r) => r.name);
}
