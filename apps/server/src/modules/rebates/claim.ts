import { sql } from 'drizzle-orm';
import { ErrorCode, formatMoney, rebates, type Lang } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import { beforeCommit, inTransaction, lockKeys, together, type Tx } from '../../platform/db.js';
import { batchedCalls, type TransactionBatch } from '../../platform/transaction-batch.js';
import { AppError } from '../../platform/errors.js';
import { getSysConfig } from '../system/service.js';
import { cashBalancesOf, payFromHouse, type LedgerReference } from '../wallet/service.js';
import { BP_PER_CENT } from './accruals.js';
import { claimablesOf, nextClaimAt, rebateItems, type Claimable } from './claimable.js';
import { rebateClaims, rebatePaid } from './tables.js';
import { claimView } from './views.js';

/** Every claim moved its amount once, rebate_expense → player (wallet/check.ts). */
export const rebateLedgerReferences: LedgerReference[] = [
  { table: 'rebate_claims', idColumn: 'id', code: 'rebate', settled: 'true' },
];

/** Arbitrary constant: first key of the advisory lock of a player's claims. */
const CLAIM_LOCK = 8_026_100;

export type ClaimCall = { userId: number; lang: Lang };
type ClaimAnswer = ReturnType<typeof claimView> & { balance: number };

/**
 * Claims every game type's whole cents of rebate in one transaction (docs/design.md §8): the player's
 * claims locked (so two claims at once pay once), refused within the interval of the last claim
 * (429) or below the minimum (422); then the claim row, its ledger transfer rebate_expense →
 * player, `rebates.claimed` announced, and exactly what was paid for added to rebate_paid (the
 * sub-cent rest stays claimable).
 * The accrual rows are only read: a settlement writing them never waits for a claim, nor a claim
 * for it. No turnover is added: the rebate comes from bets already made. Claims made at the same
 * time share a transaction and each of its statements (docs/design.md §5, "Money calls in batches").
 */
export const claimRebate = (ctx: AppContext, userId: number, lang: Lang) => claimInBatches(ctx, { userId, lang });

/** The claims' batch (platform/transaction-batch.ts): all of a batch's claims at once, by player id. */
export const claimBatch = (ctx: AppContext): TransactionBatch<ClaimCall, ClaimAnswer> => ({
  order: (a, b) => a.userId - b.userId,
  all: (tx, calls) => claimAll(tx, ctx, calls),
  alone: async (call) => {
    const [answer] = await inTransaction(ctx.db, (tx) => claimAll(tx, ctx, [call]));
    if (answer!.status === 'rejected') throw answer!.reason;
    return answer!.value;
  },
});

const claimInBatches = batchedCalls(claimBatch);

/** A claim decided: what it pays per game type. */
type Decided = { call: ClaimCall; items: rebates.RebateItem[]; amount: number };

/**
 * The claims of `calls` (in user id order), each statement once for all of them: what each
 * answers alone in that order, a refused one having written nothing.
 */
async function claimAll(tx: Tx, ctx: AppContext, calls: ClaimCall[]): Promise<PromiseSettledResult<ClaimAnswer>[]> {
  const now = ctx.now();
  const userIds = calls.map((c) => c.userId);
  // The locks and what they guard in one round trip.
  const [, claimable] = await together(
    tx,
    () => lockKeys(tx, CLAIM_LOCK, userIds),
    () => claimablesOf(tx, userIds),
  );
  const claimedNow = new Set<number>();
  const decided: (Decided | AppError)[] = [];
  for (const call of calls) {
    const decision = await decide(tx, call, claimable.get(call.userId), claimedNow.has(call.userId) ? now : null, now);
    if (!(decision instanceof AppError)) claimedNow.add(call.userId);
    decided.push(decision);
  }
  const paying = decided.filter((d): d is Decided => !(d instanceof AppError));
  const answers = paying.length > 0 ? await pay(tx, ctx, paying, now) : new Map<number, ClaimAnswer>();
  return decided.map((d) =>
    d instanceof AppError
      ? { status: 'rejected', reason: d }
      : { status: 'fulfilled', value: answers.get(d.call.userId)! },
  );
}

/**
 * A claim's items, or its refusal: too soon after the last claim (`claimedNow`: one made earlier
 * in this batch), or below the minimum.
 */
async function decide(
  tx: Tx,
  call: ClaimCall,
  claimable: Claimable | undefined,
  claimedNow: Date | null,
  now: Date,
): Promise<Decided | AppError> {
  const next = nextClaimAt(claimedNow ?? claimable?.lastClaimAt ?? null, now);
  if (next) {
    const seconds = Math.ceil((next.getTime() - now.getTime()) / 1000);
    const left = durationText(seconds, call.lang);
    const interval = rebates.REBATE_CLAIM_INTERVAL_MINUTES;
    return new AppError(ErrorCode.TOO_MANY, 'rebateTooSoon', { interval, left }, { retryAfter: seconds });
  }
  const items = claimable ? rebateItems(claimable.unrebated, claimable.rates).filter((i) => i.amount > 0) : [];
  const amount = items.reduce((sum, i) => sum + i.amount, 0);
  if (amount < rebates.REBATE_MIN_CLAIM) {
    const { currencySymbol } = await getSysConfig(tx);
    const min = formatMoney(rebates.REBATE_MIN_CLAIM, currencySymbol);
    return new AppError(ErrorCode.UNPROCESSABLE, 'rebateBelowMin', { min });
  }
  return { call, items, amount };
}

/** Writes the decided claims (one player each): rows, transfers, rebate_paid, the event; their answers by player. */
async function pay(tx: Tx, ctx: AppContext, claims: Decided[], now: Date): Promise<Map<number, ClaimAnswer>> {
  const rows = await tx
    .insert(rebateClaims)
    .values(
      claims.map(({ call, items, amount }) => ({
        userId: call.userId,
        amount,
        validBet: items.reduce((sum, i) => sum + i.validBet, 0),
        items,
        createdAt: now,
      })),
    )
    .returning();
  const reference = (id: number) => ({ table: 'rebate_claims', id });
  const payouts = rows.map((row) => ({
    key: `rebate:${row.id}`,
    code: 'rebate' as const,
    from: 'rebate_expense' as const,
    userId: row.userId,
    amount: row.amount,
    reference: reference(row.id),
  }));
  await payFromHouse(tx, ctx, payouts);
  beforeCommit(tx, () => addPaid(tx, claims, now), { oneStatement: true });
  // What the players owe is repaid from it, and the agents' figures count it: docs/events.md.
  const claimed = rows.map((row) => ({
    userId: row.userId,
    amount: row.amount,
    at: now,
    reference: reference(row.id),
  }));
  await ctx.events.emit(tx, ctx, 'rebates.claimed', { claims: claimed });
  const balances = await cashBalancesOf(
    tx,
    rows.map((row) => row.userId),
  );
  return new Map(rows.map((row) => [row.userId, { ...claimView(row), balance: balances.get(row.userId) ?? 0 }]));
}

/** Exactly what the claims paid for, added to rebate_paid: one statement, written with the COMMIT. */
async function addPaid(tx: Tx, claims: Decided[], now: Date): Promise<void> {
  const paid = claims.flatMap(({ call, items }) =>
    items.map((item) => ({
      userId: call.userId,
      gameType: item.gameType,
      validBet: item.validBet,
      accrued: item.amount * BP_PER_CENT,
      updatedAt: now,
    })),
  );
  await tx
    .insert(rebatePaid)
    .values(paid)
    .onConflictDoUpdate({
      target: [rebatePaid.userId, rebatePaid.gameType],
      set: {
        validBet: sql`${rebatePaid.validBet} + excluded.valid_bet`,
        accrued: sql`${rebatePaid.accrued} + excluded.accrued`,
        updatedAt: now,
      },
    })
    .execute(); // sent when called
}

/** "3分12秒" / "3 min 12 s" (minutes left out under one). */
function durationText(seconds: number, lang: Lang): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  if (lang === 'en') return m > 0 ? `${m} min ${s} s` : `${s} s`;
  return m > 0 ? `${m}分${s}秒` : `${s}秒`;
}
