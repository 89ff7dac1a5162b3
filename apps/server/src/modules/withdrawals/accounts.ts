import { and, asc, eq, sql } from 'drizzle-orm';
import { ErrorCode, withdrawals } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import { inTransaction, lockKey, type Conn, type Db, type Tx } from '../../platform/db.js';
import { AppError, PG_UNIQUE_VIOLATION, pgErrorCode } from '../../platform/errors.js';
import { assertOwnUploads } from '../uploads/service.js';
import { noteIdentifier } from '../player-risk/service.js';
import { checkFundPassword } from './fund-password.js';
import { toWithdrawAccount } from './masking.js';
import { numberColumns, openNumber } from './sealed-numbers.js';
import { withdrawalAccounts, withdrawPreferences, type WithdrawalAccountRow } from './tables.js';

type WithdrawType = withdrawals.WithdrawType;
type AddAccountRequest = withdrawals.AddAccountRequest;

/** Advisory-lock namespace: account changes and withdrawals of one player run one at a time. */
const PLAYER_LOCK = 7_204_813;

/** Serializes the player's account changes and withdrawals within the transaction. */
export async function lockPlayer(tx: Tx, userId: number): Promise<void> {
  await lockKey(tx, PLAYER_LOCK, userId);
}

export async function listAccounts(db: Conn, userId: number) {
  const rows = await db
    .select()
    .from(withdrawalAccounts)
    .where(eq(withdrawalAccounts.userId, userId))
    .orderBy(asc(withdrawalAccounts.type), asc(withdrawalAccounts.id));
  const [pref] = await db.select().from(withdrawPreferences).where(eq(withdrawPreferences.userId, userId));
  return {
    list: rows.map(toWithdrawAccount),
    defaultType: pref?.defaultType ?? null,
    maxPerType: withdrawals.MAX_ACCOUNTS_PER_TYPE,
  };
}

/** The player's own account, or 404 (another player's id looks like a missing one). */
export async function ownAccount(
  db: Conn,
  userId: number,
  id: number,
  type?: WithdrawType,
): Promise<WithdrawalAccountRow> {
  const [row] = await db
    .select()
    .from(withdrawalAccounts)
    .where(and(eq(withdrawalAccounts.id, id), eq(withdrawalAccounts.userId, userId)));
  if (!row || (type && row.type !== type)) throw new AppError(ErrorCode.NOT_FOUND, 'withdrawAccountNotFound');
  return row;
}

/** Binds an account (fund password first); the first of its type becomes its default. */
export async function addAccount(ctx: AppContext, userId: number, input: AddAccountRequest): Promise<{ id: number }> {
  // The payment code must be the player's own upload made for it.
  if (input.type === 'wechat') await assertOwnUploads(ctx.db, userId, [input.qrImage], 'wechat_qr');
  await checkFundPassword(ctx, userId, input.fundPassword);
  const { number, ...values } = accountValues(input);
  const numbered = numberColumns(ctx.secrets, userId, input.type, number);
  return inTransaction(ctx.db, async (tx) => {
    await lockPlayer(tx, userId);
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(withdrawalAccounts)
      .where(and(eq(withdrawalAccounts.userId, userId), eq(withdrawalAccounts.type, input.type)));
    const existing = count?.n ?? 0;
    if (existing >= withdrawals.MAX_ACCOUNTS_PER_TYPE) {
      throw new AppError(ErrorCode.UNPROCESSABLE, 'withdrawAccountLimit', { max: withdrawals.MAX_ACCOUNTS_PER_TYPE });
    }
    const [row] = await insertUnique(tx, {
      ...values,
      ...numbered,
      userId,
      type: input.type,
      isDefault: existing === 0,
      createdAt: ctx.now(),
    });
    if (!row) throw new Error('withdrawal account insert returned no row');
    await noteIdentifier(tx, userId, 'account', numbered.identifierHash, row.createdAt);
    // The first account of any type also sets the default method.
    await tx.insert(withdrawPreferences).values({ userId, defaultType: input.type }).onConflictDoNothing();
    await tx
      .update(withdrawPreferences)
      .set({ defaultType: input.type })
      .where(and(eq(withdrawPreferences.userId, userId), sql`${withdrawPreferences.defaultType} IS NULL`));
    return { id: row.id };
  });
}

/** Unbinds an account; its type's default passes to the oldest left, the method to another type. */
export async function deleteAccount(
  ctx: AppContext,
  userId: number,
  input: { id: number; fundPassword: string },
): Promise<void> {
  await ownAccount(ctx.db, userId, input.id);
  await checkFundPassword(ctx, userId, input.fundPassword);
  await inTransaction(ctx.db, async (tx) => {
    await lockPlayer(tx, userId);
    const row = await ownAccount(tx, userId, input.id);
    await tx.delete(withdrawalAccounts).where(eq(withdrawalAccounts.id, row.id));
    const [next] = await tx
      .select()
      .from(withdrawalAccounts)
      .where(and(eq(withdrawalAccounts.userId, userId), eq(withdrawalAccounts.type, row.type)))
      .orderBy(asc(withdrawalAccounts.id))
      .limit(1);
    if (row.isDefault && next) await markDefault(tx, next);
    if (!next) {
      const [other] = await tx
        .select({ type: withdrawalAccounts.type })
        .from(withdrawalAccounts)
        .where(eq(withdrawalAccounts.userId, userId))
        .orderBy(asc(withdrawalAccounts.id))
        .limit(1);
      await tx
        .update(withdrawPreferences)
        .set({ defaultType: other?.type ?? null })
        .where(and(eq(withdrawPreferences.userId, userId), eq(withdrawPreferences.defaultType, row.type)));
    }
  });
}

/** The default method, and optionally its preselected account. */
export async function setWithdrawType(
  db: Db,
  userId: number,
  input: { type: WithdrawType; accountId?: number | undefined },
): Promise<void> {
  await inTransaction(db, async (tx) => {
    await lockPlayer(tx, userId);
    if (input.accountId !== undefined) {
      await markDefault(tx, await ownAccount(tx, userId, input.accountId, input.type));
    } else {
      const [any] = await tx
        .select({ id: withdrawalAccounts.id })
        .from(withdrawalAccounts)
        .where(and(eq(withdrawalAccounts.userId, userId), eq(withdrawalAccounts.type, input.type)))
        .limit(1);
      if (!any) throw new AppError(ErrorCode.UNPROCESSABLE, 'withdrawAccountNone');
    }
    await tx
      .insert(withdrawPreferences)
      .values({ userId, defaultType: input.type })
      .onConflictDoUpdate({ target: withdrawPreferences.userId, set: { defaultType: input.type } });
  });
}

/** Edits a USDT account's network, address or alias; the address must fit the network. */
export async function changeUsdt(
  ctx: AppContext,
  userId: number,
  input: {
    id: number;
    network?: withdrawals.UsdtNetwork | undefined;
    address?: string | undefined;
    alias?: string | undefined;
    fundPassword: string;
  },
): Promise<void> {
  await ownAccount(ctx.db, userId, input.id, 'usdt');
  await checkFundPassword(ctx, userId, input.fundPassword);
  await inTransaction(ctx.db, async (tx) => {
    await lockPlayer(tx, userId);
    const row = await ownAccount(tx, userId, input.id, 'usdt');
    const network = input.network ?? row.network;
    if (!network) throw new Error(`USDT account ${row.id} has no network`);
    const address = input.address ?? openNumber(ctx.secrets, row);
    if (!withdrawals.isUsdtAddress(network, address)) {
      throw new AppError(ErrorCode.BAD_REQUEST, 'usdtAddressMismatch', { network }, { field: 'address' });
    }
    const numbered = numberColumns(ctx.secrets, userId, 'usdt', address);
    try {
      await tx
        .update(withdrawalAccounts)
        .set({ network, ...numbered, alias: input.alias ?? row.alias })
        .where(eq(withdrawalAccounts.id, row.id));
    } catch (err) {
      throw duplicateOr(err);
    }
    await noteIdentifier(tx, userId, 'account', numbered.identifierHash, ctx.now());
  });
}

async function markDefault(tx: Tx, row: WithdrawalAccountRow): Promise<void> {
  await tx
    .update(withdrawalAccounts)
    .set({ isDefault: false })
    .where(
      and(
        eq(withdrawalAccounts.userId, row.userId),
        eq(withdrawalAccounts.type, row.type),
        eq(withdrawalAccounts.isDefault, true),
      ),
    );
  await tx.update(withdrawalAccounts).set({ isDefault: true }).where(eq(withdrawalAccounts.id, row.id));
}

async function insertUnique(tx: Tx, values: typeof withdrawalAccounts.$inferInsert) {
  try {
    return await tx.insert(withdrawalAccounts).values(values).returning();
  } catch (err) {
    throw duplicateOr(err);
  }
}

function duplicateOr(err: unknown): unknown {
  return pgErrorCode(err) === PG_UNIQUE_VIOLATION ? new AppError(ErrorCode.CONFLICT, 'withdrawAccountDuplicate') : err;
}

/** The account's number, and the columns of each type's other fields. */
function accountValues(input: AddAccountRequest) {
  switch (input.type) {
    case 'usdt':
      return { number: input.address, network: input.network, alias: input.alias ?? null };
    case 'wechat':
      return { number: input.wechatId, realName: input.realName, qrImage: input.qrImage };
    case 'bank':
      return { number: input.cardNumber, realName: input.holder, bankName: input.bankName, branch: input.branch };
    case 'alipay':
      return { number: input.account, realName: input.realName };
  }
}
