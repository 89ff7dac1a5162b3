import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Conn } from '../../../platform/db.js';
import { agentStatements, type SettlementKind } from '../report-tables.js';
import { sumOf, type EarningLine } from './differential.js';

/*
 * The carry-over: a period below zero is not paid and not charged, it is carried into the next
 * period's total (and on, until a period's total is above zero again). A dividend week goes below
 * zero when the team won; a commission day only when a result correction took back more valid bet
 * than the day brought (docs/design.md §9, "Result corrections").
 */

export interface CarryTotals {
  raw: number;
  carryIn: number;
  amount: number;
  carryOut: number;
}

/** raw = Σ lines; total = raw + carryIn; paid max(0, total), carried min(0, total). */
export function withCarry(lines: readonly EarningLine[], carryIn: number): CarryTotals {
  const raw = sumOf(lines.map((l) => l.amount));
  const total = raw + carryIn;
  return { raw, carryIn, amount: Math.max(0, total), carryOut: Math.min(0, total) };
}

/** Per agent (of `agentIds`, or all), the negative total its statement of the kind for `period` carried out. */
export async function carriedOver(
  db: Conn,
  kind: SettlementKind,
  period: string,
  agentIds?: number[],
): Promise<Map<number, number>> {
  const rows = await db
    .select({ agentId: agentStatements.agentId, carryOut: agentStatements.carryOut })
    .from(agentStatements)
    .where(
      and(
        eq(agentStatements.kind, kind),
        eq(agentStatements.period, period),
        lt(agentStatements.carryOut, 0),
        agentIds ? inArray(agentStatements.agentId, agentIds) : undefined,
      ),
    );
  return new Map(rows.map((r) => [r.agentId, r.carryOut]));
}
