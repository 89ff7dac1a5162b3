import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { ErrorCode, formatMoney, type agent, type Lang } from '@breakshot/contracts';
import { getSysConfig } from '../system/service.js';
import type { AppContext } from '../../platform/context.js';
import { beforeCommit, inTransaction, lockKey, together, type Tx } from '../../platform/db.js';
import { batchedCalls, type TransactionBatch } from '../../platform/transaction-batch.js';
import { AppError } from '../../platform/errors.js';
import { treePlayersByIds } from '../auth/service.js';
import { addTurnoverRequirement, getTurnover } from '../turnover/service.js';
import { balanceAfter, getCashBalance, transferWithBalances, type LedgerReference } from '../wallet/service.js';
import { checkAgentPassword, passwordCheckIn } from './passwords.js';
import { rollUpAll } from './rollups.js';
import { agentTransfers } from './tables.js';
import { requireTeamMember } from './team.js';

// Every agent transfer moved its amount once, agent → member.
/** Every transfer moved its amount once, agent → member (wallet/check.ts). */
export const agentTransferLedgerReferences: LedgerReference[] = [
  { table: 'agent_transfers', idColumn: 'id', code: 'agent_transfer', settled: 'true' },
];

/** Advisory-lock namespace: one agent's transfers run one at a time (the request-id check and its insert). */
const TRANSFER_LOCK = 7_204_842;

type TransferInput = z.output<typeof agent.agentTransfer.request>;
type TransferRow = typeof agentTransfers.$inferSelect;

/**
 * 代充 (docs/design.md §8): `agentId`'s money to a member of its team. The member must be in the team
 * (else 404) and the recharge password right (its failure committed on its own); then, in one
 * transaction: the agent's lock, a repeat of the request id answered from the first transfer (the
 * same body) or refused (409, another body), a disabled member refused (422), the agent_transfers
 * row, one ledger transfer agent → member (422 insufficientBalance when the available balance is
 * short: nothing is written) and the member's turnover requirement += amount × multiple. Locks:
 * the agent's advisory lock, then the wallet's accounts in id order, then the member's turnover
 * row, always in that order, so transfers cannot deadlock one another or a settlement.
 *
 * Money with turnover still to bet (a bonus, a reward) leaves only as a withdrawal would: while
 * the agent's own requirement is unmet a transfer is refused (422), or a bonus could be passed to
 * a member at multiple 0 and withdrawn there.
 *
 * Responsible gaming: the member's credit checks no limit (credits never do). The agent's debit
 * checks none either: deposit limits cap money coming in, and a transfer out is neither a deposit
 * nor a bet; a self-excluded agent has no session to call this with (startExclusion ends them).
 */
export async function transferToMember(ctx: AppContext, agentId: number, input: TransferInput, lang: Lang) {
  await requireTeamMember(ctx.db, agentId, input.memberId);
  return transferInBatches(ctx, { agentId, input, lang });
}

type TransferCall = { agentId: number; input: TransferInput; lang: Lang };

/**
 * Transfers made at the same time share one transaction (docs/design.md §5, "Money calls in
 * batches"), in their agents' order (the order of the agents' locks), each with its password's
 * check. A refusal throws (a wrong password's failure with it): the batch is undone, and each
 * transfer made alone, its password checked in a transaction of its own as before.
 */
const transferInBatches = batchedCalls(
  (ctx): TransactionBatch<TransferCall, Awaited<ReturnType<typeof transferIn>>> => ({
    order: (a, b) => a.agentId - b.agentId,
    each: async (tx, call) => {
      const refused = await passwordCheckIn(tx, ctx, call.agentId, 'recharge', call.input.rechargePassword, call.lang);
      if (refused) throw refused;
      return { status: 'fulfilled', value: await transferIn(tx, ctx, call) };
    },
    alone: async (call) => {
      await checkAgentPassword(ctx, call.agentId, 'recharge', call.input.rechargePassword, call.lang);
      return inTransaction(ctx.db, (tx) => transferIn(tx, ctx, call));
    },
  }),
);

async function transferIn(tx: Tx, ctx: AppContext, { agentId, input }: TransferCall) {
  // The lock, then what it guards, in one round trip (the agent's turnover read even for a replay).
  const [, members, [earlier], turnover] = await together(
    tx,
    () => lockKey(tx, TRANSFER_LOCK, agentId),
    () => treePlayersByIds(tx, [input.memberId]),
    () => earlierTransfers(tx, agentId, input.requestId),
    () => getTurnover(tx, agentId),
  );
  const member = members.get(input.memberId);
  if (!member) throw new AppError(ErrorCode.NOT_FOUND, 'agentMemberNotFound');
  if (earlier) {
    if (!sameRequest(earlier, input)) throw new AppError(ErrorCode.CONFLICT, 'agentTransferIdReused');
    return view(earlier, member.username, (await getCashBalance(tx, agentId)).balance);
  }
  if (member.status !== 'active') throw new AppError(ErrorCode.UNPROCESSABLE, 'agentMemberDisabled');
  await refuseWithTurnoverLeft(tx, turnover.left);
  const [row] = await tx
    .insert(agentTransfers)
    .values({
      agentId,
      memberId: input.memberId,
      amount: input.amount,
      turnoverMultiple: input.turnoverMultiple,
      remark: input.remark,
      requestId: input.requestId,
      createdAt: ctx.now(),
    })
    .returning();
  if (!row) throw new Error('agent transfer insert returned no row');
  // Both players get BALANCE_UPDATED from the ledger when this commits.
  const moved = await transferWithBalances(tx, ctx, {
    key: `agent_transfer:${row.id}`,
    code: 'agent_transfer',
    debit: { userId: agentId },
    credit: { userId: input.memberId },
    amount: input.amount,
    reference: { table: 'agent_transfers', id: row.id },
    ...(input.remark ? { memo: input.remark } : {}),
  });
  // One statement each, written with the COMMIT.
  const addRequirement = () =>
    addTurnoverRequirement(tx, {
      userId: input.memberId,
      amount: input.amount * input.turnoverMultiple,
      source: 'agent_transfer',
      reference: { table: 'agent_transfers', id: row.id },
    });
  beforeCommit(tx, addRequirement, { oneStatement: true });
  const addRollups = () =>
    rollUpAll(tx, [
      { userId: agentId, at: row.createdAt, gameType: '', delta: { transfersOut: row.amount } },
      { userId: input.memberId, at: row.createdAt, gameType: '', delta: { transfersIn: row.amount } },
    ]);
  beforeCommit(tx, addRollups, { oneStatement: true });
  return view(row, member.username, balanceAfter(moved, agentId));
}

/** The agent's transfer under this request id, if any. */
const earlierTransfers = (tx: Tx, agentId: number, requestId: string) =>
  tx
    .select()
    .from(agentTransfers)
    .where(and(eq(agentTransfers.agentId, agentId), eq(agentTransfers.requestId, requestId)))
    .execute();

async function refuseWithTurnoverLeft(tx: Tx, left: number): Promise<void> {
  if (left <= 0) return;
  const { currencySymbol } = await getSysConfig(tx);
  throw new AppError(ErrorCode.UNPROCESSABLE, 'agentTransferTurnoverLeft', { left: formatMoney(left, currencySymbol) });
}

function sameRequest(row: TransferRow, input: TransferInput): boolean {
  return (
    row.memberId === input.memberId &&
    row.amount === input.amount &&
    row.turnoverMultiple === input.turnoverMultiple &&
    row.remark === input.remark
  );
}

/** The answer; `balance`: the agent's available balance now (for a repeat, as it is at the repeat). */
function view(row: TransferRow, memberUsername: string, balance: number) {
  return {
    id: row.id,
    memberId: row.memberId,
    memberUsername,
    amount: row.amount,
    balance,
    createdAt: row.createdAt.toISOString(),
  };
}
