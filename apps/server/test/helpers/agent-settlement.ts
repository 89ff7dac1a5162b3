import { and, eq, sql } from 'drizzle-orm';
import { rollUp, type RollupDelta } from '../../src/modules/agents/service.js';
import { agentStatementLines, agentStatements, type RollupGameType } from '../../src/modules/agents/report-tables.js';
import { getSysConfig } from '../../src/modules/system/service.js';
import { inTransaction, queryRows, type Conn } from '../../src/platform/db.js';
import { addDays, localDate, localDayStart, mondayOf } from '../../src/platform/time-range.js';
import { newPlayerUnder, type TestAgent } from './agent-money.js';
import { makeAgent, type Rates } from './agent-team.js';
import type { TestApp } from './test-app.js';

/* A four-level agent tree, roll-ups written on chosen days, and what settlement wrote: the settlement tests. */

export interface Tree {
  /** Top agent → agent → sub-agent → members m1, m2; m3 a direct member of the agent, m4 of the top. */
  top: TestAgent;
  agent: TestAgent;
  sub: TestAgent;
  m1: TestAgent;
  m2: TestAgent;
  m3: TestAgent;
  m4: TestAgent;
}

export const TREE_TERMS = {
  top: { rates: { taiqiu: 200, slots: 150, poker: 100 }, ratio: 4000 },
  agent: { rates: { taiqiu: 150, slots: 120, poker: 80 }, ratio: 3000 },
  sub: { rates: { taiqiu: 130, slots: 120, poker: 50 }, ratio: 1000 },
} satisfies Record<string, { rates: Rates; ratio: number }>;

/** Registers the tree through invite codes and gives the three agents their terms. */
export async function newTree(t: TestApp): Promise<Tree> {
  const top = await newPlayerUnder(t);
  const agent = await newPlayerUnder(t, top.inviteCode);
  const sub = await newPlayerUnder(t, agent.inviteCode);
  // One after another: the members' ids ascend m1 < m2 < m3 < m4, the order of statement lines.
  const m1 = await newPlayerUnder(t, sub.inviteCode);
  const m2 = await newPlayerUnder(t, sub.inviteCode);
  const m3 = await newPlayerUnder(t, agent.inviteCode);
  const m4 = await newPlayerUnder(t, top.inviteCode);
  for (const [who, terms] of [
    [top, TREE_TERMS.top],
    [agent, TREE_TERMS.agent],
    [sub, TREE_TERMS.sub],
  ] as const) {
    await makeAgent(t, who.userId, terms.rates, terms.ratio);
  }
  return { top, agent, sub, m1, m2, m3, m4 };
}

/** Site days relative to the test clock's today: the Monday `weeksAgo` weeks before this week's. */
export async function siteDays(t: TestApp) {
  const { timeZone } = await getSysConfig(t.db);
  const today = localDate(t.clock.now(), timeZone);
  return {
    timeZone,
    today,
    monday: (weeksAgo: number) => addDays(mondayOf(today), -7 * weeksAgo),
    /** Noon of a site day (an event's moment on it). */
    noonOf: (day: string) => new Date(localDayStart(day, timeZone).getTime() + 12 * 3_600_000),
  };
}

/** Adds figures to a member's roll-up of a day, as the events' hooks would. */
export async function rollUpOn(
  t: TestApp,
  who: { userId: number },
  at: Date,
  gameType: RollupGameType,
  delta: RollupDelta,
): Promise<void> {
  await inTransaction(t.db, (tx) => rollUp(tx, who.userId, at, gameType, delta));
}

/** The statement of an agent for a period (undefined: none), with its lines in member/game order. */
export async function statementOf(db: Conn, who: { userId: number }, kind: string, period: string) {
  const [statement] = await db
    .select()
    .from(agentStatements)
    .where(
      and(
        eq(agentStatements.agentId, who.userId),
        eq(agentStatements.kind, kind as 'commission'),
        eq(agentStatements.period, period),
      ),
    );
  if (!statement) return undefined;
  const lines = await db
    .select({
      memberId: agentStatementLines.memberId,
      gameType: agentStatementLines.gameType,
      base: agentStatementLines.base,
      rateBp: agentStatementLines.rateBp,
      amount: agentStatementLines.amount,
    })
    .from(agentStatementLines)
    .where(eq(agentStatementLines.statementId, statement.id))
    .orderBy(agentStatementLines.memberId, agentStatementLines.gameType);
  return { ...statement, lines };
}

/** How many statements, ledger transfers naming them and settled markers there are of a kind and period. */
export async function settledCounts(db: Conn, kind: string, period: string) {
  const [row] = await queryRows<{ statements: number; transfers: number; markers: number }>(
    db,
    sql`SELECT
      (SELECT count(*)::int FROM agent_statements WHERE kind = ${kind} AND period = ${period}) AS statements,
      (SELECT count(*)::int FROM transfers t JOIN agent_statements s ON t.reference_table = 'agent_statements'
         AND t.reference_id = s.id::text WHERE s.kind = ${kind} AND s.period = ${period}) AS transfers,
      (SELECT count(*)::int FROM agent_settlements WHERE kind = ${kind} AND period = ${period}) AS markers`,
  );
  return row!;
}
