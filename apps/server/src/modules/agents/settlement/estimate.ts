import type { Conn } from '../../../platform/db.js';
import { addDays } from '../../../platform/time-range.js';
import type { EarningLine } from './differential.js';
import { carriedOver, withCarry } from './carry.js';
import { commissionsOn, dividendsOf } from './earnings.js';

/*
 * One agent's earnings of a period as they stand, settled or not (the agent area shows today and
 * the current week from these; settled periods from their statements).
 */

export type { EarningLine };
export { effectiveRatesOf } from './tiers.js';

/** The commission lines `agentId` earns on `day` as settlement would compute them now (settled or not). */
export async function commissionLinesOf(db: Conn, agentId: number, day: string): Promise<EarningLine[]> {
  return (await commissionsOn(db, day, agentId)).get(agentId)?.lines ?? [];
}

/** The dividend of `agentId` for the week starting `monday`, as it stands (not paid). */
export async function dividendOf(
  db: Conn,
  agentId: number,
  monday: string,
): Promise<{ raw: number; carryIn: number; amount: number; carryOut: number; lines: EarningLine[] }> {
  const earnings = await dividendsOf(db, monday, agentId);
  const carryIns = await carriedOver(db, 'dividend', addDays(monday, -7), [agentId]);
  const lines = earnings.get(agentId)?.lines ?? [];
  return { ...withCarry(lines, carryIns.get(agentId) ?? 0), lines };
}
