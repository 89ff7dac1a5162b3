import { and, desc, eq, type SQL } from 'drizzle-orm';
import { ErrorCode, type gamesAdmin } from '@breakshot/contracts';
import type { z } from 'zod';
import { audited } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import type { Conn, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { pageOf } from '../../platform/paging.js';
import { findPlayer, usernamesOf } from '../auth/service.js';
import { creditProviderWin } from '../bets/service.js';
import type { LedgerReference } from '../wallet/service.js';
import { providerHeldWins, type HeldWinRow } from './tables.js';
import { lockPlayer } from './wallet-store.js';

/*
 * Held wins: the part of a provider's win above its round's win limit (win-limits.ts), kept on a
 * row of its own until an operator releases it (credited to the player through the ledger, in the
 * transaction that records the decision) or refuses it (nothing credited). Each decision once,
 * audited with the row before and after.
 */

// A released win is paid by a payout transfer naming its row, unless it made a lost bet won (the
// bet's own payout transfer names the bet then).
/** A released held win paid under its own row (wallet/check.ts). */
export const heldWinLedgerReferences: LedgerReference[] = [
  { table: 'provider_held_wins', idColumn: 'id', code: 'payout', settled: "status = 'released' AND own_payout" },
];

type In<K extends keyof typeof gamesAdmin> = (typeof gamesAdmin)[K] extends { request: infer R extends z.ZodType }
  ? z.output<R>
  : never;

export type NewHeldWin = Omit<typeof providerHeldWins.$inferInsert, 'id' | 'status' | 'ownPayout'>;

/** Keeps the held part of a win, waiting for an operator (in the win's transaction). */
export async function holdWin(tx: Tx, row: NewHeldWin): Promise<void> {
  await tx.insert(providerHeldWins).values(row);
}

/** Held wins of the filter, newest first (a name that finds no player: none). */
export async function listHeldWins(db: Conn, input: In<'heldWinsList'>) {
  const player = input.username ? await findPlayer(db, input.username) : undefined;
  if (input.username && !player) return { list: [], total: 0, page: input.page, pageSize: input.pageSize };
  const where = and(
    input.status ? eq(providerHeldWins.status, input.status) : undefined,
    player ? eq(providerHeldWins.userId, player.id) : undefined,
    input.providerId ? eq(providerHeldWins.providerId, input.providerId) : undefined,
    input.gameCode ? eq(providerHeldWins.gameCode, input.gameCode) : undefined,
  ) as SQL | undefined;
  const page = await pageOf(
    input,
    (limit, offset) =>
      db.select().from(providerHeldWins).where(where).orderBy(desc(providerHeldWins.id)).limit(limit).offset(offset),
    () => db.$count(providerHeldWins, where),
  );
  const names = await usernamesOf(
    db,
    page.list.map((r) => r.userId),
  );
  return { ...page, list: page.list.map((r) => toHeldWin(r, names.get(r.userId) ?? '')) };
}

/** Credits a waiting held win to its player: the bet's held part moves into its payout. */
export function releaseHeldWin(ctx: AppContext, operator: string, input: In<'heldWinRelease'>) {
  return decide(ctx, operator, input.id, 'released', input.reason ?? null, async (tx, held) => {
    await lockPlayer(tx, held.userId);
    const { furtherTransfer } = await creditProviderWin(tx, ctx, held.betNo, {
      payout: held.amount,
      held: -held.amount,
      remainder: 0,
      further: { key: `held-win:${held.id}`, table: 'provider_held_wins', id: held.id },
    });
    return furtherTransfer;
  });
}

/** Refuses a waiting held win: the bet's held part is dropped, nothing is credited. */
export function refuseHeldWin(ctx: AppContext, operator: string, input: In<'heldWinRefuse'>) {
  return decide(ctx, operator, input.id, 'refused', input.reason, async (tx, held) => {
    await creditProviderWin(tx, ctx, held.betNo, {
      payout: 0,
      held: -held.amount,
      remainder: 0,
      further: { key: `held-win:${held.id}`, table: 'provider_held_wins', id: held.id },
    });
    return false;
  });
}

/**
 * The decision on a waiting held win, once: the row locked, `act` (returning whether its payout
 * transfer names the row), the row's new status, and the audit row, in one transaction. Unknown:
 * 404; decided already: 409 and nothing changes.
 */
async function decide(
  ctx: AppContext,
  operator: string,
  id: number,
  status: Exclude<gamesAdmin.HeldWinStatus, 'waiting'>,
  reason: string | null,
  act: (tx: Tx, held: HeldWinRow) => Promise<boolean>,
) {
  const { after, username } = await audited(
    ctx,
    operator,
    async (tx) => {
      const [before] = await tx.select().from(providerHeldWins).where(eq(providerHeldWins.id, id)).for('update');
      if (!before) throw new AppError(ErrorCode.NOT_FOUND, 'heldWinNotFound');
      if (before.status !== 'waiting') {
        throw new AppError(ErrorCode.CONFLICT, 'heldWinDecided', { status: before.status });
      }
      const ownPayout = await act(tx, before);
      const [decided] = await tx
        .update(providerHeldWins)
        .set({ status, ownPayout, decidedBy: operator, decidedAt: ctx.now(), reason })
        .where(eq(providerHeldWins.id, id))
        .returning();
      const names = await usernamesOf(tx, [before.userId]);
      return { before, after: decided!, username: names.get(before.userId) ?? '' };
    },
    ({ before, after, username }) => ({
      action: `games.held-win.${status === 'released' ? 'release' : 'refuse'}`,
      target: `held_win:${id}`,
      payload: { id, reason },
      before: auditState(before, username),
      after: auditState(after, username),
    }),
  );
  return toHeldWin(after, username);
}

/** What the audit keeps of a held win. */
const auditState = (r: HeldWinRow, username: string) => ({
  username,
  betNo: r.betNo,
  transactionUuid: r.transactionUuid,
  amount: r.amount,
  status: r.status,
  decidedBy: r.decidedBy,
  reason: r.reason,
});

function toHeldWin(r: HeldWinRow, username: string): gamesAdmin.HeldWin {
  return {
    id: r.id,
    providerId: r.providerId,
    gameCode: r.gameCode,
    username,
    round: r.round,
    transactionUuid: r.transactionUuid,
    betNo: r.betNo,
    winAmount: r.winAmount,
    creditedAmount: r.winAmount - r.amount,
    amount: r.amount,
    roundStakes: r.roundStakes,
    maxWinMultiple: r.maxWinMultiple,
    status: r.status,
    decidedBy: r.decidedBy,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
  };
}
