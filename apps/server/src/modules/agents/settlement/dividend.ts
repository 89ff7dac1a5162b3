import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Conn } from '../../../platform/db.js';
import { agentStatements } from '../report-tables.js';
import { sumOf, type EarningLine } from './differential.js';

/*
 * The dividend's carry-over: a week below zero is not paid and not charged, it is carried into the
 * next week's total (and on, until a week's total is above zero again).
 */

export interface DividendTotals {
  raw: number;
  carryIn: number;
  amount: number;
  carryOut: number;
}

/** raw = Σ lines; total = raw + carryIn; paid max(0, total), carried min(0, total). */
export function withCarry(lines: readonly EarningLine[], carryIn: number): DividendTotals {
  const raw = sumOf(lines.map((l) => l.amount));
  const total = raw + carryIn;
  return { raw, carryIn, amount: Math.max(0, total), carryOut: Math.min(0, total) };
}

/** Per agent (of `agentIds`, or all), the negative total its dividend statement of the week from `monday` carried out. */
export async function carriedOver(db: Conn, monday: string, agentIds?: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ agentId: agentStatements.agentId, carryOut: agentStatements.carryOut })
    .from(agentStatements)
    .where(
      and(
        eq(agentStatements.kind, 'dividend'),
        eq(agentStatements.period, monday),
        lt(agentStatements.carryOut, 0),
        agentIds ? inArray(agentStatements.agentId, agentIds) : undefined,
      ),
    );
  return new Map(rows.map((r) => [r.agentId, r.carryOut]));
}
