import { asc, eq } from 'drizzle-orm';
import { ErrorCode, type withdrawals, type withdrawalsAdmin } from '@breakshot/contracts';
import type { z } from 'zod';
import { audited } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import type { Conn } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { usernamesOf } from '../auth/service.js';
import { ownAccount } from './accounts.js';
import { payoutAccount, toWithdrawAccount } from './masking.js';
import { openNumber } from './sealed-numbers.js';
import { withdrawalAccounts } from './tables.js';

/*
 * A player's bound withdrawal accounts as the console's player page shows them (docs/design.md §9,
 * "Player risk"): masked, as the player sees them; one in full only for a reason, which the audit
 * log keeps (the number itself it does not).
 */

type RevealInput = z.output<(typeof withdrawalsAdmin)['playerAccountReveal']['request']>;

export async function boundAccountsOf(db: Conn, userId: number): Promise<{ list: withdrawals.WithdrawAccount[] }> {
  if (!(await usernamesOf(db, [userId])).has(userId)) throw new AppError(ErrorCode.NOT_FOUND, 'userNotFound');
  const rows = await db
    .select()
    .from(withdrawalAccounts)
    .where(eq(withdrawalAccounts.userId, userId))
    .orderBy(asc(withdrawalAccounts.id));
  return { list: rows.map(toWithdrawAccount) };
}

/** The account in full, audited with the operator's reason. */
export const operatorRevealAccount = (ctx: AppContext, operator: string, input: RevealInput) =>
  audited(
    ctx,
    operator,
    async (tx) => ownAccount(tx, input.userId, input.accountId),
    (row) => ({
      action: 'withdrawals.account.reveal',
      target: `user ${input.userId}`,
      payload: { accountId: row.id, type: row.type, reason: input.reason },
    }),
  ).then((row) => payoutAccount(row, openNumber(ctx.secrets, row)));
