import { ErrorCode } from '@breakshot/contracts';
import { setAuditStates, writeAuditOnce } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { inTransaction } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { findPlayer } from '../auth/service.js';
import { addTurnoverRequirement } from '../turnover/service.js';
import { getCashBalance, transfer, type LedgerReference } from '../wallet/service.js';

export const ADJUST_ACTION = 'balance.adjust';

// Each adjustment's transfer names its audit row.
/** Every adjustment moved its amount once, under its audit row (wallet/check.ts). */
export const adjustmentLedgerReferences: LedgerReference[] = [
  { table: 'admin_audit', idColumn: 'id', code: 'adjustment', settled: `action = '${ADJUST_ACTION}'` },
];

export interface AdjustInput {
  username: string;
  /** Minor units: > 0 credits the player, < 0 debits them. */
  amount: number;
  reason: string;
  requestId: string;
  turnoverMultiple?: number | undefined;
}

/**
 * Moves money between the player and the house `adjustment` account, with its audit row, in one
 * transaction. The same request id applies once: a retry answers again, another request with
 * it is refused (409).
 */
export async function adjustBalance(ctx: AppContext, operator: string, input: AdjustInput) {
  const user = await findPlayer(ctx.db, input.username);
  if (!user) throw new AppError(ErrorCode.NOT_FOUND, 'userNotFound');
  const multiple = input.turnoverMultiple ?? 0;
  const payload = { userId: user.id, amount: input.amount, reason: input.reason, turnoverMultiple: multiple };
  await inTransaction(ctx.db, async (tx) => {
    const { row, replay } = await writeAuditOnce(tx, {
      operator,
      action: ADJUST_ACTION,
      target: user.username,
      payload,
      requestId: input.requestId,
      at: ctx.now(),
    });
    if (replay) {
      const earlier = row.payload;
      const same = row.action === ADJUST_ACTION && Object.entries(payload).every(([k, v]) => earlier[k] === v);
      if (!same) {
        throw new AppError(ErrorCode.CONFLICT, 'idempotencyConflict');
      }
      return;
    }
    const player = { userId: user.id };
    const house = { house: 'adjustment' as const };
    const credit = input.amount > 0;
    await transfer(tx, ctx, {
      key: `adjust:${input.requestId}`,
      code: 'adjustment',
      debit: credit ? house : player,
      credit: credit ? player : house,
      amount: Math.abs(input.amount),
      reference: { table: 'admin_audit', id: row.id },
      memo: input.reason,
    });
    if (credit && multiple > 0) {
      await addTurnoverRequirement(tx, {
        userId: user.id,
        amount: input.amount * multiple,
        source: 'adjustment',
        reference: { table: 'admin_audit', id: row.id },
      });
    }
    // The transfer holds the player's account locked until commit and moved its available
    // balance by exactly the amount: the balance now, less the amount, is the balance before.
    const { balance } = await getCashBalance(tx, user.id);
    await setAuditStates(tx, row.id, { before: { balance: balance - input.amount }, after: { balance } });
  });
  const { balance } = await getCashBalance(ctx.db, user.id);
  return { username: user.username, amount: input.amount, balance };
}
