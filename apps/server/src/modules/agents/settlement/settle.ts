import { and, eq, lt, max } from 'drizzle-orm';
import { ErrorCode } from '@breakshot/contracts';
import { writeAudit } from '../../../platform/audit.js';
import type { AppContext } from '../../../platform/context.js';
import { inTransaction, lockKey, type Tx } from '../../../platform/db.js';
import { AppError } from '../../../platform/errors.js';
import { addDays } from '../../../platform/time-range.js';
import { getSysConfig } from '../../system/service.js';
import { transfer, type LedgerReference } from '../../wallet/service.js';
import { dividendRatiosOf } from '../profiles.js';
import { agentSettlements, agentStatementLines, agentStatements, type SettlementKind } from '../report-tables.js';
import { sumOf, type EarningLine } from './differential.js';
import { carriedOver, withCarry } from './carry.js';
import { commissionsOn, dividendsOf } from './earnings.js';
import { checkPeriod } from './period.js';

/** Every paid statement (amount > 0) moved its amount once, house → agent, under its kind's code. */
export const statementLedgerReferences: LedgerReference[] = (['commission', 'dividend'] as const).map((code) => ({
  table: 'agent_statements',
  idColumn: 'id',
  code,
  settled: `kind = '${code}' AND amount > 0`,
}));

/** Advisory-lock namespace: one settlement of a kind at a time (the marker, then what it writes). */
const SETTLE_LOCK = 7_204_844;

/** Lines per INSERT (6 parameters each, well under PostgreSQL's 65,535). */
const LINES_PER_INSERT = 2_000;

export interface SettlementResult {
  kind: SettlementKind;
  period: string;
  /** Statements this run wrote (0: the period was settled before). */
  statements: number;
  paid: number;
  /** The period was settled before: this run wrote and paid nothing. */
  alreadySettled: boolean;
}

interface Draft {
  agentId: number;
  base: number;
  carryIn: number;
  carryOut: number;
  amount: number;
  lines: EarningLine[];
  /** Dividend: the agent's own ratio now. */
  ratioBp?: number;
}

/**
 * Settles a commission day or a dividend week (the Monday) that has ended (else 422; a dividend
 * period not a Monday: 400), in one transaction of its own; run by an `operator`, audited in it
 * with what the run wrote (a re-run: nothing).
 */
export async function settlePeriod(
  ctx: AppContext,
  kind: SettlementKind,
  period: string,
  now: Date,
  operator?: string,
): Promise<SettlementResult> {
  checkPeriod(kind, period, now, (await getSysConfig(ctx.db)).timeZone);
  return inTransaction(ctx.db, async (tx) => {
    const result = await settleIn(tx, ctx, kind, period, now);
    if (operator !== undefined) {
      await writeAudit(tx, {
        action: 'agents.settle',
        target: `${kind}:${period}`,
        payload: { kind, period },
        after: { statements: result.statements, paid: result.paid },
        operator,
        at: now,
      });
    }
    return result;
  });
}

/**
 * Settles the period in the caller's transaction (the caller has checked it ended): under the
 * kind's advisory lock, the period's marker first; when it was there already (another run or
 * instance settled it) nothing is written and nothing paid. Then per agent its immutable
 * statement with its lines, and for an amount > 0 one ledger transfer commission_expense → the
 * agent, keyed by (kind, agent, period); the agent's balance updates live when this commits.
 */
export async function settleIn(
  tx: Tx,
  ctx: AppContext,
  kind: SettlementKind,
  period: string,
  now: Date,
): Promise<SettlementResult> {
  await lockKey(tx, SETTLE_LOCK, kind);
  if (kind === 'dividend') await refuseWeekOutOfOrder(tx, period);
  const [marker] = await tx
    .insert(agentSettlements)
    .values({ kind, period, statements: 0, paid: 0, settledAt: now })
    .onConflictDoNothing()
    .returning();
  if (!marker) return { kind, period, statements: 0, paid: 0, alreadySettled: true };
  const drafts = kind === 'commission' ? await commissionDrafts(tx, period) : await dividendDrafts(tx, period);
  for (const draft of drafts) await writeStatement(tx, ctx, kind, period, draft, now);
  const result = {
    kind,
    period,
    statements: drafts.length,
    paid: sumOf(drafts.map((d) => d.amount)),
    alreadySettled: false,
  };
  await tx
    .update(agentSettlements)
    .set({ statements: result.statements, paid: result.paid })
    .where(and(eq(agentSettlements.kind, kind), eq(agentSettlements.period, period)));
  return result;
}

/**
 * A week's carry-in is the week before's carry-out, so weeks settle in order: 422
 * settlementPreviousOpen while the week before is unsettled and an earlier one was settled.
 */
async function refuseWeekOutOfOrder(tx: Tx, monday: string): Promise<void> {
  const previous = addDays(monday, -7);
  const [earlier] = await tx
    .select({ period: max(agentSettlements.period) })
    .from(agentSettlements)
    .where(and(eq(agentSettlements.kind, 'dividend'), lt(agentSettlements.period, monday)));
  if (earlier?.period && earlier.period !== previous) {
    throw new AppError(
      ErrorCode.UNPROCESSABLE,
      'settlementPreviousOpen',
      { period: addDays(earlier.period, 7) },
      { field: 'period' },
    );
  }
}

/**
 * Every agent with commission on the day or a carry-over into it, in agent order. A day's total
 * is below 0 only where a result correction took back valid bet: that carries into the next day
 * (the day before's statement, as settled when this one is: the job settles days in order).
 */
async function commissionDrafts(tx: Tx, day: string): Promise<Draft[]> {
  const earnings = await commissionsOn(tx, day);
  const carryIns = await carriedOver(tx, 'commission', addDays(day, -1));
  const drafts: Draft[] = [];
  for (const agentId of new Set([...earnings.keys(), ...carryIns.keys()])) {
    const { base = 0, lines = [] } = earnings.get(agentId) ?? {};
    const { raw, carryIn, carryOut, amount } = withCarry(lines, carryIns.get(agentId) ?? 0);
    if (raw > 0 || carryIn !== 0 || carryOut !== 0) drafts.push({ agentId, base, carryIn, carryOut, amount, lines });
  }
  return drafts.sort((a, b) => a.agentId - b.agentId);
}

/** Every agent with a dividend or a carry-over into the week, in agent order (paid or not). */
async function dividendDrafts(tx: Tx, monday: string): Promise<Draft[]> {
  const earnings = await dividendsOf(tx, monday);
  const carryIns = await carriedOver(tx, 'dividend', addDays(monday, -7));
  const agentIds = [...new Set([...earnings.keys(), ...carryIns.keys()])];
  const ratios = await dividendRatiosOf(tx, agentIds);
  const drafts: Draft[] = [];
  for (const agentId of agentIds) {
    const { base = 0, lines = [] } = earnings.get(agentId) ?? {};
    const { raw, carryIn, carryOut, amount } = withCarry(lines, carryIns.get(agentId) ?? 0);
    if (raw !== 0 || carryIn !== 0)
      drafts.push({ agentId, base, carryIn, carryOut, amount, lines, ratioBp: ratios.get(agentId) ?? 0 });
  }
  return drafts.sort((a, b) => a.agentId - b.agentId);
}

async function writeStatement(tx: Tx, ctx: AppContext, kind: SettlementKind, period: string, d: Draft, now: Date) {
  const [statement] = await tx
    .insert(agentStatements)
    .values({
      agentId: d.agentId,
      kind,
      period,
      base: d.base,
      carryIn: d.carryIn,
      carryOut: d.carryOut,
      amount: d.amount,
      ratioBp: d.ratioBp ?? null,
      createdAt: now,
    })
    .returning({ id: agentStatements.id });
  if (!statement) throw new Error('agent statement insert returned no row');
  for (let i = 0; i < d.lines.length; i += LINES_PER_INSERT) {
    await tx
      .insert(agentStatementLines)
      .values(d.lines.slice(i, i + LINES_PER_INSERT).map((l) => ({ statementId: statement.id, ...l })));
  }
  if (d.amount === 0) return;
  await transfer(tx, ctx, {
    key: `${kind}:${d.agentId}:${period}`,
    code: kind,
    debit: { house: 'commission_expense' },
    credit: { userId: d.agentId },
    amount: d.amount,
    reference: { table: 'agent_statements', id: statement.id },
  });
}
