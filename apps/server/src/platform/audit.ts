import { and, desc, eq } from 'drizzle-orm';
import type { operatorCalls, PageRequest } from '@breakshot/contracts';
import type { AppContext } from './context.js';
import { inTransaction, type Conn, type Tx } from './db.js';
import { pageOf } from './paging.js';
import { adminAudit, type AuditRow } from './tables.js';

/** What an operator did, to what, with which details. */
export interface AuditEntry {
  action: operatorCalls.AuditAction;
  target: string;
  payload: Record<string, unknown>;
  /** The state the action changed, as it was and as it became; omitted where it made something new. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

export interface AuditInput extends AuditEntry {
  operator: string;
  at: Date;
}

/**
 * Runs an operator's change and its audit row in one transaction: the row is written after the
 * change, from `entry` or from what the change returned; a refused change leaves no row.
 */
export function audited<T>(
  ctx: AppContext,
  operator: string,
  change: (tx: Tx) => Promise<T>,
  entry: AuditEntry | ((result: T) => AuditEntry),
): Promise<T> {
  return inTransaction(ctx.db, async (tx) => {
    const result = await change(tx);
    const written = typeof entry === 'function' ? entry(result) : entry;
    await writeAudit(tx, { ...written, operator, at: ctx.now() });
    return result;
  });
}

/** Records an operator action in the caller's transaction. Returns the row's id. */
export async function writeAudit(tx: Tx, input: AuditInput): Promise<number> {
  const [row] = await tx.insert(adminAudit).values(input).returning({ id: adminAudit.id });
  if (!row) throw new Error('audit insert returned no row');
  return row.id;
}

/**
 * Fills in the before/after of a row written ahead of its change (the change needs the row's id
 * as its reference, and only then knows what it changed). Call it in the same transaction.
 */
export async function setAuditStates(
  tx: Tx,
  id: number,
  states: { before: Record<string, unknown> | null; after: Record<string, unknown> | null },
): Promise<void> {
  await tx.update(adminAudit).set({ before: states.before, after: states.after }).where(eq(adminAudit.id, id));
}

/**
 * Records an action carrying the client's request id; returns the new row, or the earlier row
 * of that id (a retry) with `replay: true`.
 */
export async function writeAuditOnce(
  tx: Tx,
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

export interface AuditFilter extends PageRequest {
  action?: string | undefined;
  operator?: string | undefined;
  target?: string | undefined;
}

export async function listAudit(db: Conn, input: AuditFilter) {
  const where = and(
    input.action ? eq(adminAudit.action, input.action) : undefined,
    input.operator ? eq(adminAudit.operator, input.operator) : undefined,
    input.target ? eq(adminAudit.target, input.target) : undefined,
  );
  return pageOf(
    input,
    (limit, offset) =>
      db
        .select()
        .from(adminAudit)
        .where(where)
        .orderBy(desc(adminAudit.at), desc(adminAudit.id))
        .limit(limit)
        .offset(offset),
    () => db.$count(adminAudit, where),
    (r) => ({
      id: r.id,
      operator: r.operator,
      action: r.action,
      target: r.target,
      payload: r.payload,
      before: r.before,
      after: r.after,
      at: r.at.toISOString(),
    }),
  );
}
