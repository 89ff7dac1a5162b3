import { and, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { ErrorCode, formatMoney, type agent, type Lang } from '@breakshot/contracts';
import { getSysConfig } from '../system/service.js';
import type { AppContext } from '../../platform/context.js';
import { beforeCommit, inTransaction, isAnyOf, lockKeys, together, type Tx } from '../../platform/db.js';
import { batchedCalls, type TransactionBatch } from '../../platform/transaction-batch.js';
import { AppError } from '../../platform/errors.js';
import { treePlayersByIds } from '../auth/service.js';
import { addTurnoverRequirements, turnoverLeftOf } from '../turnover/service.js';
import { balanceAfter, getCashBalance, transferWithBalances, type LedgerReference } from '../wallet/service.js';
import { checkAgentPassword, passwordsPassIn } from './passwords.js';
import { rollUpAll } from './rollups.js';
import { agentTransfers } from './tables.js';
import { requireTeamMemberGathered } from './team.js';

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
  await requireTeamMemberGathered(ctx.db, agentId, input.memberId);
  return transferInBatches(ctx, { agentId, input, lang });
}

type TransferCall = { agentId: number; input: TransferInput; lang: Lang };
type TransferAnswer = ReturnType<typeof view>;

/**
 * Transfers made at the same time share one transaction and each of its statements but the
 * ledger's (docs/design.md §5, "Money calls in batches"), in their agents' order (the order of the
 * agents' locks), their recharge passwords checked in it. A refusal of any (a password, a check,
 * a short balance) undoes the batch, and each transfer is made alone, its password checked in a
 * transaction of its own, which keeps a wrong one's failure, as before.
 */
export const transferBatch = (ctx: AppContext): TransactionBatch<TransferCall, TransferAnswer> => ({
  order: (a, b) => a.agentId - b.agentId,
  all: async (tx, calls) => {
    const checks = calls.map((c) => ({ userId: c.agentId, password: c.input.rechargePassword }));
    if (!(await passwordsPassIn(tx, ctx, 'recharge', checks))) throw new Error('a recharge password was refused');
    const answers = await transferAll(tx, ctx, calls);
    return answers.map((value) => ({ status: 'fulfilled', value }));
  },
  alone: async (call) => {
    await checkAgentPassword(ctx, call.agentId, 'recharge', call.input.rechargePassword, call.lang);
    const [answer] = await inTransaction(ctx.db, (tx) => transferAll(tx, ctx, [call]));
    return answer!;
  },
});

const transferInBatches = batchedCalls(transferBatch);

/**
 * The transfers of `calls` (in agent order), each statement once for all of them but each one's
 * ledger transfer: their answers, or the first refusal thrown.
 */
async function transferAll(tx: Tx, ctx: AppContext, calls: TransferCall[]): Promise<TransferAnswer[]> {
  const agentIds = calls.map((c) => c.agentId);
  // The locks, then what they guard, in one round trip (the agents' turnover read even for a replay).
  const [, members, earlier, turnoverLeft] = await together(
    tx,
    () => lockKeys(tx, TRANSFER_LOCK, agentIds),
    () =>
      treePlayersByIds(
        tx,
        calls.map((c) => c.input.memberId),
      ),
    () => earlierTransfers(tx, calls),
    () => turnoverLeftOf(tx, agentIds),
  );
  // Turnover this batch asks of its members: an agent given some earlier in it has it left.
  const addedNow = new Map<number, number>();
  const fresh: TransferCall[] = [];
  for (const call of calls) {
    const { agentId, input } = call;
    const member = members.get(input.memberId);
    if (!member) throw new AppError(ErrorCode.NOT_FOUND, 'agentMemberNotFound');
    const repeat = earlier.get(requestKey(agentId, input.requestId));
    if (repeat) {
      if (!sameRequest(repeat, input)) throw new AppError(ErrorCode.CONFLICT, 'agentTransferIdReused');
      continue;
    }
    // A request id twice in one batch: made alone, the second is the first's repeat.
    if (fresh.some((f) => f.agentId === agentId && f.input.requestId === input.requestId)) {
      throw new Error('a request id twice in one batch');
    }
    if (member.status !== 'active') throw new AppError(ErrorCode.UNPROCESSABLE, 'agentMemberDisabled');
    await refuseWithTurnoverLeft(tx, (turnoverLeft.get(agentId) ?? 0) + (addedNow.get(agentId) ?? 0));
    const asked = input.amount * input.turnoverMultiple;
    if (asked > 0) addedNow.set(input.memberId, (addedNow.get(input.memberId) ?? 0) + asked);
    fresh.push(call);
  }
  const rows = await insertTransfers(tx, ctx, fresh);
  const answers: TransferAnswer[] = [];
  for (const { agentId, input } of calls) {
    const username = members.get(input.memberId)!.username;
    const row = rows.get(requestKey(agentId, input.requestId));
    // A repeat answers the first transfer, with the agent's balance at its turn.
    if (!row) {
      const repeat = earlier.get(requestKey(agentId, input.requestId))!;
      answers.push(view(repeat, username, (await getCashBalance(tx, agentId)).balance));
      continue;
    }
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
    answers.push(view(row, username, balanceAfter(moved, agentId)));
  }
  if (rows.size > 0) afterTransfers(tx, [...rows.values()]);
  return answers;
}

/** The new transfers' rows, by agent and request id. */
async function insertTransfers(tx: Tx, ctx: AppContext, calls: TransferCall[]): Promise<Map<string, TransferRow>> {
  if (calls.length === 0) return new Map();
  const rows = await tx
    .insert(agentTransfers)
    .values(
      calls.map(({ agentId, input }) => ({
        agentId,
        memberId: input.memberId,
        amount: input.amount,
        turnoverMultiple: input.turnoverMultiple,
        remark: input.remark,
        requestId: input.requestId,
        createdAt: ctx.now(),
      })),
    )
    .returning();
  return new Map(rows.map((row) => [requestKey(row.agentId, row.requestId), row]));
}

/** The members' turnover requirements and both sides' roll-ups: one statement each, written with the COMMIT. */
function afterTransfers(tx: Tx, rows: TransferRow[]): void {
  const requirements = rows.map((row) => ({
    userId: row.memberId,
    amount: row.amount * row.turnoverMultiple,
    source: 'agent_transfer' as const,
    reference: { table: 'agent_transfers', id: row.id },
  }));
  beforeCommit(tx, () => addTurnoverRequirements(tx, requirements), { oneStatement: true });
  const rollups = rows.flatMap((row) => [
    { userId: row.agentId, at: row.createdAt, gameType: '' as const, delta: { transfersOut: row.amount } },
    { userId: row.memberId, at: row.createdAt, gameType: '' as const, delta: { transfersIn: row.amount } },
  ]);
  beforeCommit(tx, () => rollUpAll(tx, rollups), { oneStatement: true });
}

const requestKey = (agentId: number, requestId: string) => `${agentId} ${requestId}`;

/** The agents' transfers under these calls' request ids, by agent and request id. */
async function earlierTransfers(tx: Tx, calls: TransferCall[]): Promise<Map<string, TransferRow>> {
  const rows = await tx
    .select()
    .from(agentTransfers)
    .where(
      and(
        isAnyOf(
          agentTransfers.agentId,
          calls.map((c) => c.agentId),
        ),
        inArray(
          agentTransfers.requestId,
          calls.map((c) => c.input.requestId),
        ),
      ),
    )
    .execute(); // sent when called (together())
  return new Map(rows.map((row) => [requestKey(row.agentId, row.requestId), row]));
}

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
