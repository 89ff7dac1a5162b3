import { randomInt } from 'node:crypto';
import { and, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { ErrorCode, formatMoney, withdrawalFee, type PageRequest, type withdrawals } from '@breakshot/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { inTransaction, type Conn } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { withinTimeRange } from '../../platform/time-range.js';
import { pageOf } from '../../platform/paging.js';
import { vipLevelOf } from '../auth/service.js';
import { kycRequirementOf, type KycRequirement } from '../kyc/service.js';
import { feeWaiverOf, useFeeWaiver } from '../promotions/service.js';
import { getSysConfig } from '../system/service.js';
import { getTurnover } from '../turnover/service.js';
import { getCashBalance, hold } from '../wallet/service.js';
import { lockPlayer, ownAccount } from './accounts.js';
import { fundLockedFor, checkFundPassword, hasFundPassword } from './fund-password.js';
import { accountSummary, payoutAccount } from './masking.js';
import { sealSnapshot, openNumber } from './sealed-numbers.js';
import { getWithdrawSettings, withdrawalsPerDay } from './settings.js';
import { withdrawalOrders, type WithdrawalAccountRow, type WithdrawalOrderRow } from './tables.js';

type WithdrawConfig = z.input<typeof withdrawals.withdrawConfig.response>['data'];
type WithdrawRecord = withdrawals.WithdrawRecord;
type WithdrawStatus = withdrawals.WithdrawStatus;

/** The ledger reference of a withdrawal's pending transfer. */
export const WITHDRAWAL_TABLE = 'withdrawal_orders';
/** Ledger keys of a withdrawal's hold: the app's request id when it sent one, else the order. */
const holdKey = (userId: number, orderNo: string, requestId: string | undefined) =>
  requestId ? `withdraw:${userId}:${requestId}` : `withdraw:${orderNo}`;
/** Ledger key of the hold's post (paid) or void (rejected). */
export const resolveKey = (orderNo: string, step: 'post' | 'void') => `withdraw:${orderNo}:${step}`;

/** What /user/qukuan shows before a withdrawal. */
export async function withdrawConfig(ctx: AppContext, userId: number): Promise<WithdrawConfig> {
  const { db } = ctx;
  const now = ctx.now();
  const [settings, { balance, frozen }, turnover, vipLevel, sys, hasPassword, lockedFor, feeWaiver, kyc] =
    await Promise.all([
      getWithdrawSettings(db),
      getCashBalance(db, userId),
      getTurnover(db, userId),
      vipLevelOf(db, userId),
      getSysConfig(db),
      hasFundPassword(db, userId),
      fundLockedFor(db, userId, now),
      feeWaiverOf(db, userId, now),
      kycRequirementOf(db, userId),
    ]);
  return {
    balance,
    frozen,
    withdrawable: turnover.left > 0 ? 0 : balance,
    ...settings,
    dailyCount: await withdrawalsPerDay(db, vipLevel),
    usedToday: await usedToday(db, userId, now, sys.timeZone),
    turnover,
    hasFundPassword: hasPassword,
    locked: lockedFor > 0 ? { retryAfter: lockedFor } : null,
    feeWaiver,
    kycRequiredAmount: kyc.requiredAmount,
    kycStatus: kyc.status,
  };
}

/**
 * Requests a withdrawal: fund password, the player's own account, min/max, today's count,
 * turnover met, then in one transaction the order and the ledger hold of its amount (which
 * refuses an amount above the available balance). A request id the player already used answers
 * with its order (replay) after the fund password, before the other checks: the order stands
 * whatever happened since (today's count used up, the balance held).
 */
export async function addWithdraw(
  ctx: AppContext,
  userId: number,
  input: { accountId: number; amount: number; fundPassword: string; requestId?: string | undefined },
): Promise<{ orderNo: string; status: WithdrawStatus }> {
  await checkFundPassword(ctx, userId, input.fundPassword);
  const now = ctx.now();
  return inTransaction(ctx.db, async (tx) => {
    // The player's withdrawals run one at a time: a duplicate sent at the same time finds the order.
    await lockPlayer(tx, userId);
    if (input.requestId) {
      const [earlier] = await tx
        .select()
        .from(withdrawalOrders)
        .where(and(eq(withdrawalOrders.userId, userId), eq(withdrawalOrders.requestId, input.requestId)));
      if (earlier) {
        if (earlier.accountId !== input.accountId || earlier.amount !== input.amount) {
          throw new AppError(ErrorCode.CONFLICT, 'withdrawRequestReused');
        }
        return { orderNo: earlier.orderNo, status: earlier.status };
      }
    }
    const account = await ownAccount(tx, userId, input.accountId);
    // One connection: queries of a transaction go one after the other.
    const settings = await getWithdrawSettings(tx);
    const sys = await getSysConfig(tx);
    const vipLevel = await vipLevelOf(tx, userId);
    const turnover = await getTurnover(tx, userId);
    const money = (n: number) => formatMoney(n, sys.currencySymbol);
    const { amount } = input;
    const fee = withdrawalFee(amount, settings);
    if (amount < settings.minAmount || fee >= amount) {
      throw new AppError(
        ErrorCode.UNPROCESSABLE,
        'withdrawBelowMin',
        { min: money(settings.minAmount) },
        { field: 'amount' },
      );
    }
    if (amount > settings.maxAmount) {
      throw new AppError(
        ErrorCode.UNPROCESSABLE,
        'withdrawAboveMax',
        { max: money(settings.maxAmount) },
        { field: 'amount' },
      );
    }
    const perDay = await withdrawalsPerDay(tx, vipLevel);
    if ((await usedToday(tx, userId, now, sys.timeZone)) >= perDay) {
      throw new AppError(ErrorCode.UNPROCESSABLE, 'withdrawDailyLimit', { count: perDay });
    }
    if (turnover.left > 0) {
      throw new AppError(ErrorCode.UNPROCESSABLE, 'withdrawTurnoverLeft', { left: money(turnover.left) });
    }
    refuseUnlessVerified(await kycRequirementOf(tx, userId), account, amount, money);
    const orderNo = newOrderNo(now);
    const held = await hold(tx, ctx, {
      key: holdKey(userId, orderNo, input.requestId),
      code: 'withdrawal',
      debit: { userId },
      credit: { house: 'withdrawals_in_flight' },
      amount,
      reference: { table: WITHDRAWAL_TABLE, id: orderNo },
    });
    // Last, once nothing refuses it: a free withdrawal of the week's fee waiver (优惠 提款). The
    // minimum above keeps the standard fee, so a waiver never admits a smaller withdrawal. After
    // the hold: the wallet account is locked before promotion rows, as a settlement locks them.
    const feeAmount = (await useFeeWaiver(tx, ctx, { userId, fee })) ? 0 : fee;
    await tx.insert(withdrawalOrders).values({
      orderNo,
      userId,
      accountId: account.id,
      accountSummary: accountSummary(account),
      accountSnapshot: sealSnapshot(ctx.secrets, orderNo, payoutAccount(account, openNumber(ctx.secrets, account))),
      amount,
      feeAmount,
      netAmount: amount - feeAmount,
      status: 'reviewing',
      createdAt: now,
      requestId: input.requestId ?? null,
      holdTransferId: held.id,
    });
    return { orderNo, status: 'reviewing' as const };
  });
}

/**
 * Above the KYC amount (kyc module, docs/design.md §9, "KYC, as built") the player's real name must
 * be verified and be the account holder's (trimmed). A USDT address names no holder: above the
 * amount it needs the verification only.
 */
function refuseUnlessVerified(
  kyc: KycRequirement,
  account: WithdrawalAccountRow,
  amount: number,
  money: (n: number) => string,
): void {
  if (kyc.requiredAmount === 0 || amount <= kyc.requiredAmount) return;
  if (kyc.verifiedName === null) {
    throw new AppError(
      ErrorCode.UNPROCESSABLE,
      'withdrawKycRequired',
      { amount: money(kyc.requiredAmount) },
      { field: 'amount' },
    );
  }
  if (account.type !== 'usdt' && account.realName?.trim() !== kyc.verifiedName.trim()) {
    throw new AppError(
      ErrorCode.UNPROCESSABLE,
      'withdrawKycNameMismatch',
      { name: kyc.verifiedName },
      { field: 'accountId' },
    );
  }
}

export async function withdrawRecords(
  db: Conn,
  userId: number,
  input: PageRequest & { status?: WithdrawStatus | undefined; from?: string | undefined; to?: string | undefined },
) {
  const conditions: SQL[] = [
    eq(withdrawalOrders.userId, userId),
    ...withinTimeRange(withdrawalOrders.createdAt, input),
  ];
  if (input.status) conditions.push(eq(withdrawalOrders.status, input.status));
  const where = and(...conditions);
  const found = await pageOfOrders(db, input, where);
  return { ...found, list: found.list.map(toRecord) };
}

/** Withdrawal orders matching `where`, newest first (the player's records, the operator's queue). */
export function pageOfOrders(db: Conn, page: PageRequest, where: SQL | undefined) {
  return pageOf(
    page,
    (limit, offset) =>
      db
        .select()
        .from(withdrawalOrders)
        .where(where)
        .orderBy(desc(withdrawalOrders.createdAt), desc(withdrawalOrders.id))
        .limit(limit)
        .offset(offset),
    () => db.$count(withdrawalOrders, where),
  );
}

export async function withdrawDetails(db: Conn, userId: number, orderNo: string) {
  const [row] = await db
    .select()
    .from(withdrawalOrders)
    .where(and(eq(withdrawalOrders.orderNo, orderNo), eq(withdrawalOrders.userId, userId)));
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'withdrawOrderNotFound');
  const steps: [WithdrawStatus, Date | null][] = [
    ['reviewing', row.createdAt],
    ['approved', row.approvedAt],
    ['paid', row.paidAt],
    ['rejected', row.rejectedAt],
  ];
  const timeline = steps.flatMap(([status, at]) => (at ? [{ status, at: at.toISOString() }] : []));
  return { ...toRecord(row), timeline };
}

export function toRecord(row: WithdrawalOrderRow): WithdrawRecord {
  return {
    orderNo: row.orderNo,
    account: row.accountSummary,
    amount: row.amount,
    feeAmount: row.feeAmount,
    netAmount: row.netAmount,
    status: row.status,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Withdrawals requested today in the site's time zone, rejected ones not counted. */
async function usedToday(db: Conn, userId: number, now: Date, timeZone: string): Promise<number> {
  const at = now.toISOString();
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(withdrawalOrders)
    .where(
      and(
        eq(withdrawalOrders.userId, userId),
        ne(withdrawalOrders.status, 'rejected'),
        sql`${withdrawalOrders.createdAt} >= (date_trunc('day', ${at}::timestamptz AT TIME ZONE ${timeZone}) AT TIME ZONE ${timeZone})`,
        sql`${withdrawalOrders.createdAt} <= ${at}::timestamptz`,
      ),
    );
  return row?.n ?? 0;
}

/** W + UTC date and time + 6 random digits: W20250101123045123456. */
function newOrderNo(now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `W${stamp}${String(randomInt(1_000_000)).padStart(6, '0')}`;
}
