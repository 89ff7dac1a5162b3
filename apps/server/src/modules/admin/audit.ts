import { desc, eq, sql } from 'drizzle-orm';
import type { PageRequest } from '@breakshot/contracts';
import type { Db } from '../../platform/db.js';
import { adminAudit, type AuditRow } from './tables.js';

export interface AuditInput {
  operator: string;
  action: string;
  target: string;
  payload: Record<string, unknown>;
  at: Date;
}

/** Records an operator action; call it in the action's transaction. Returns the row's id. */
export async function writeAudit(tx: Db, input: AuditInput): Promise<number> {
  const [row] = await tx.insert(adminAudit).values(input).returning({ id: adminAudit.id });
  if (!row) throw new Error('audit insert returned no row');
  return row.id;
}

/**
 * Records an action carrying the client's request id; returns the new row, or the earlier row
 * of that id (a retry) with `replay: true`.
 */
export async function writeAuditOnce(
  tx: Db,
  input: AuditInput & { requestId: string },
): Promise<{ row: AuditRow; replay: boolean }> {
  const [row] = await tx
    .insert(adminAudit)
    .values(input)
    .onConflictDoNothing({ target: adminAudit.requestId })
    .returning();
  if (row) return { row, replay: false };
  const [earlier] = await tx.select().from(adminAudit).where(eq(adminAudit.requestId, input.requestId));
  if (!earlier) throw new Error(`audit row of request ${input.requestId} neither inserted nor found`);
  return { row: earlier, replay: true };
}

export async function listAudit(db: Db, input: PageRequest & { action?: string | undefined }) {
  const where = input.action ? eq(adminAudit.action, input.action) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(adminAudit)
      .where(where)
      .orderBy(desc(adminAudit.at), desc(adminAudit.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(adminAudit)
      .where(where),
  ]);
  return {
    list: rows.map((r) => ({
      id: r.id,
      operator: r.operator,
      action: r.action,
      target: r.target,
      payload: r.payload,
      at: r.at.toISOString(),
    })),
    total: count?.n ?? 0,
    page: input.page,
    pageSize: input.pageSize,
  };
}
