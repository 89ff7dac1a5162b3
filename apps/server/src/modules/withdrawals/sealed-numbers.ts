import { and, eq, isNull, sql } from 'drizzle-orm';
import type { withdrawals, withdrawalsAdmin } from '@breakshot/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import type { SecretBox } from '../../platform/secret-box.js';
import { noteIdentifier } from '../player-risk/service.js';
import { maskedIdentifier } from './masking.js';
import { withdrawalAccounts, withdrawalOrders, type WithdrawalAccountRow } from './tables.js';

/*
 * A withdrawal account's number (card, address, WeChat ID, Alipay login) at rest
 * (docs/security.md, "Withdrawal account numbers"): sealed where it is kept in full, masked where
 * it is shown, and compared by a keyed hash — a duplicate of the player's own account, or the same
 * account bound by another player (docs/design.md §9, "Linked accounts"). No table holds it in clear.
 */

type WithdrawType = withdrawals.WithdrawType;
type PayoutAccount = z.infer<typeof withdrawalsAdmin.payoutAccount>;
type Sealing = Pick<AppContext, 'db' | 'secrets'>;

/** The field of a payout snapshot that holds the number, per type. */
const NUMBER_FIELD = { usdt: 'address', wechat: 'wechatId', bank: 'cardNumber', alipay: 'account' } as const;

const accountContext = (userId: number) => `withdrawal_accounts.identifier:user ${userId}`;
const snapshotContext = (orderNo: string) => `withdrawal_orders.account_snapshot:${orderNo}`;

/** The keyed hash two bindings of one account share: case and spaces aside, as the old unique rule. */
export const accountKey = (secrets: SecretBox, type: WithdrawType, number: string) =>
  secrets.mac(`${type}:${number.replace(/\s+/g, '').toLowerCase()}`, 'withdrawal-account');

/** The columns that keep a number: sealed, masked and hashed. */
export function numberColumns(secrets: SecretBox, userId: number, type: WithdrawType, number: string) {
  return {
    identifier: secrets.seal(number, accountContext(userId)),
    masked: maskedIdentifier({ type, identifier: number }),
    identifierHash: accountKey(secrets, type, number),
  };
}

/** An account's number in full. */
export const openNumber = (secrets: SecretBox, row: Pick<WithdrawalAccountRow, 'userId' | 'identifier'>) =>
  secrets.open(row.identifier, accountContext(row.userId));

/** A payout snapshot as an order keeps it: its number sealed to the order. */
export function sealSnapshot(secrets: SecretBox, orderNo: string, account: PayoutAccount): PayoutAccount {
  const field = NUMBER_FIELD[account.type];
  const number = account[field];
  return number === undefined ? account : { ...account, [field]: secrets.seal(number, snapshotContext(orderNo)) };
}

/** A kept payout snapshot with its number opened (one kept before sealing is read as it is). */
export function openSnapshot(secrets: SecretBox, orderNo: string, account: PayoutAccount): PayoutAccount {
  const field = NUMBER_FIELD[account.type];
  const number = account[field];
  return number === undefined ? account : { ...account, [field]: secrets.open(number, snapshotContext(orderNo)) };
}

/** The snapshot's number field by its type, in SQL. */
const snapshotNumberField = sql.raw(
  `CASE account_snapshot ->> 'type' ${Object.entries(NUMBER_FIELD)
    .map(([type, field]) => `WHEN '${type}' THEN '${field}'`)
    .join(' ')} END`,
);

/**
 * Run at start: accounts bound before sealing existed get their number sealed, masked and hashed
 * (and the hash noted for linked accounts); orders' snapshots kept in clear get theirs sealed.
 * Each write checks the row still holds what was read, so two instances starting together agree.
 * Both reads go through partial indexes of the rows left to seal (drizzle/0060, whose predicate is
 * this one's `unsealed`), so once all is sealed a start reads nothing.
 */
export async function sealAccountNumbers(ctx: Sealing): Promise<void> {
  const accounts = await ctx.db.select().from(withdrawalAccounts).where(isNull(withdrawalAccounts.identifierHash));
  for (const row of accounts) {
    const number = openNumber(ctx.secrets, row);
    const columns = numberColumns(ctx.secrets, row.userId, row.type, number);
    await ctx.db
      .update(withdrawalAccounts)
      .set(columns)
      .where(and(eq(withdrawalAccounts.id, row.id), eq(withdrawalAccounts.identifier, row.identifier)));
    await noteIdentifier(ctx.db, row.userId, 'account', columns.identifierHash, row.createdAt);
  }
  const unsealed = sql`NOT (${withdrawalOrders.accountSnapshot} ->> ${snapshotNumberField} LIKE 'sealed:%')`;
  const orders = await ctx.db
    .select({ orderNo: withdrawalOrders.orderNo, snapshot: withdrawalOrders.accountSnapshot })
    .from(withdrawalOrders)
    .where(unsealed);
  for (const order of orders) {
    await ctx.db
      .update(withdrawalOrders)
      .set({ accountSnapshot: sealSnapshot(ctx.secrets, order.orderNo, order.snapshot) })
      .where(and(eq(withdrawalOrders.orderNo, order.orderNo), unsealed));
  }
}
