import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { agentSettlementsAdmin } from '@breakshot/contracts';
import type { Conn } from '../../../platform/db.js';
import { findPlayer, usernamesOf } from '../../auth/service.js';
import { emptyPage, pageWithTotal } from '../amount-page.js';
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
    if (!agent) return emptyPage(input);
    conditions.push(eq(agentStatements.agentId, agent.id));
  }
  const page = await pageWithTotal(
    db,
    input,
    agentStatements,
    and(...conditions),
    [desc(agentStatements.period), desc(agentStatements.id)],
    agentStatements.amount,
  );
  const names = await usernamesOf(
    db,
    page.list.map((r) => r.agentId),
  );
  return {
    ...page,
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
