import { sql } from 'drizzle-orm';
import { ErrorCode, formatMoney, rebates, type Lang } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import { beforeCommit, inTransaction, lockKey, together, type Tx } from '../../platform/db.js';
import { batchedCalls, type TransactionBatch } from '../../platform/transaction-batch.js';
import { AppError } from '../../platform/errors.js';
import { vipLevelOf } from '../auth/service.js';
import { getSysConfig } from '../system/service.js';
import { getCashBalance, transfer, type LedgerReference } from '../wallet/service.js';
import { BP_PER_CENT, lastClaimAt, nextClaimAt, rebateItems, unrebatedOf } from './accruals.js';
import { ratesOfLevel } from './rates.js';
import { rebateClaims, rebatePaid } from './tables.js';
import { claimView } from './views.js';

// Every claim was paid once from the rebate expense account.
/** Every claim moved its amount once, rebate_expense → player (wallet/check.ts). */
export const rebateLedgerReferences: LedgerReference[] = [
  { table: 'rebate_claims', idColumn: 'id', code: 'rebate', settled: 'true' },
];

/** Arbitrary constant: first key of the advisory lock of a player's claims. */
const CLAIM_LOCK = 8_026_100;

/**
 * Claims every game type's whole cents of rebate in one transaction (docs/design.md §8): the player's
 * claims locked (so two claims at once pay once), refused within the interval of the last claim
 * (429) or below the minimum (422); then the claim row, its ledger transfer rebate_expense →
 * player, `rebate.claimed` announced, and exactly what was paid for added to rebate_paid (the
 * sub-cent rest stays claimable).
 * The accrual rows are only read: a settlement writing them never waits for a claim, nor a claim
 * for it. No turnover is added: the rebate comes from bets already made. Claims made at the same
 * time share a transaction (docs/design.md §5, "Money calls in batches").
 */
export const claimRebate = (ctx: AppContext, userId: number, lang: Lang) => claimInBatches(ctx, { userId, lang });

type ClaimCall = { userId: number; lang: Lang };

const claimInBatches = batchedCalls((ctx): TransactionBatch<ClaimCall, Awaited<ReturnType<typeof claimIn>>> => ({
  order: (a, b) => a.userId - b.userId,
  // A refusal throws: the batch is undone and each claim made alone (transaction-batch.ts).
  each: async (tx, call) => ({ status: 'fulfilled', value: await claimIn(tx, ctx, call) }),
  alone: (call) => inTransaction(ctx.db, (tx) => claimIn(tx, ctx, call)),
}));

async function claimIn(tx: Tx, ctx: AppContext, { userId, lang }: ClaimCall) {
  const now = ctx.now();
  // The lock and what it guards in one round trip.
  const [, last, vipLevel, unrebated] = await together(
    tx,
    () => lockKey(tx, CLAIM_LOCK, userId),
    () => lastClaimAt(tx, userId),
    () => vipLevelOf(tx, userId),
    () => unrebatedOf(tx, userId),
  );
  const next = nextClaimAt(last, now);
  if (next) {
    const seconds = Math.ceil((next.getTime() - now.getTime()) / 1000);
    throw new AppError(
      ErrorCode.TOO_MANY,
      'rebateTooSoon',
      { interval: rebates.REBATE_CLAIM_INTERVAL_MINUTES, left: durationText(seconds, lang) },
      { retryAfter: seconds },
    );
  }
  const items = rebateItems(unrebated, await ratesOfLevel(tx, vipLevel)).filter((i) => i.amount > 0);
  const amount = items.reduce((sum, i) => sum + i.amount, 0);
  if (amount < rebates.REBATE_MIN_CLAIM) {
    const { currencySymbol } = await getSysConfig(tx);
    const min = formatMoney(rebates.REBATE_MIN_CLAIM, currencySymbol);
    throw new AppError(ErrorCode.UNPROCESSABLE, 'rebateBelowMin', { min });
  }
  const validBet = items.reduce((sum, i) => sum + i.validBet, 0);
  const [claim] = await tx.insert(rebateClaims).values({ userId, amount, validBet, items, createdAt: now }).returning();
  const reference = { table: 'rebate_claims', id: claim!.id };
  await transfer(tx, ctx, {
    key: `rebate:${claim!.id}`,
    code: 'rebate',
    debit: { house: 'rebate_expense' },
    credit: { userId },
    amount,
    reference,
  });
  // One statement, written with the COMMIT (execute(): sent when called).
  const addPaid = () =>
    tx
      .insert(rebatePaid)
      .values(
        items.map((item) => ({
          userId,
          gameType: item.gameType,
          validBet: item.validBet,
          accrued: item.amount * BP_PER_CENT,
          updatedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: [rebatePaid.userId, rebatePaid.gameType],
        set: {
          validBet: sql`${rebatePaid.validBet} + excluded.valid_bet`,
          accrued: sql`${rebatePaid.accrued} + excluded.accrued`,
          updatedAt: now,
        },
      })
      .execute();
  beforeCommit(tx, async () => void (await addPaid()), { oneStatement: true });
  // What the player owes is repaid from it, and the agents' figures count it: docs/events.md.
  await ctx.events.emit(tx, ctx, 'rebate.claimed', { userId, amount, at: now, reference });
  const { balance } = await getCashBalance(tx, userId);
  return { ...claimView(claim!), balance };
}

/** "3分12秒" / "3 min 12 s" (minutes left out under one). */
function durationText(seconds: number, lang: Lang): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  if (lang === 'en') return m > 0 ? `${m} min ${s} s` : `${s} s`;
  return m > 0 ? `${m}分${s}秒` : `${s}秒`;
}
