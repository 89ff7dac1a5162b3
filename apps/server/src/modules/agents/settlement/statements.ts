import { and, desc, eq, sum, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { agentSettlementsAdmin } from '@breakshot/contracts';
import type { Conn } from '../../../platform/db.js';
import { pageOf } from '../../../platform/paging.js';
import { findPlayer, usernamesOf } from '../../auth/service.js';
import { agentStatements } from '../report-tables.js';

type ListInput = z.output<typeof agentSettlementsAdmin.statementsList.request>;

/** Statements, newest period first, of a kind, a period and/or one agent; with their total paid. */
export async function listStatements(db: Conn, input: ListInput) {
  const conditions: (SQL | undefined)[] = [
    input.kind ? eq(agentStatements.kind, input.kind) : undefined,
    input.period ? eq(agentStatements.period, input.period) : undefined,
  ];
  if (input.username) {
    const agent = await findPlayer(db, input.username);
    if (!agent) return { list: [], total: 0, page: input.page, pageSize: input.pageSize, totalAmount: 0 };
    conditions.push(eq(agentStatements.agentId, agent.id));
  }
  const where = and(...conditions);
  const [page, [sums]] = await Promise.all([
    pageOf(
      input,
      (limit, offset) =>
        db
          .select()
          .from(agentStatements)
          .where(where)
          .orderBy(desc(agentStatements.period), desc(agentStatements.id))
          .limit(limit)
          .offset(offset),
      () => db.$count(agentStatements, where),
    ),
    db
      .select({ amount: sum(agentStatements.amount).mapWith(Number) })
      .from(agentStatements)
      .where(where),
  ]);
  const names = await usernamesOf(
    db,
    page.list.map((r) => r.agentId),
  );
  return {
    ...page,
    totalAmount: sums?.amount ?? 0,
    list: page.list.map((r) => ({
      id: r.id,
      agentId: r.agentId,
      agentUsername: names.get(r.agentId) ?? '',
      kind: r.kind,
      period: r.period,
      base: r.base,
      carryIn: r.carryIn,
      carryOut: r.carryOut,
      amount: r.amount,
      status: r.amount > 0 ? ('paid' as const) : ('none' as const),
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
