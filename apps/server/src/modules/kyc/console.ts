import { and, desc, eq, type SQL } from 'drizzle-orm';
import { ErrorCode, type kycAdmin } from '@breakshot/contracts';
import type { z } from 'zod';
import { audited } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import type { Conn, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { pageOf } from '../../platform/paging.js';
import { findPlayer, usernamesOf } from '../auth/service.js';
import { sendSystemMessage } from '../messages/service.js';
import { kycRequiredAmount, setKycRequiredAmount } from './settings.js';
import { openIdNumber } from './submissions.js';
import { kycSubmissions, type KycSubmissionRow } from './tables.js';

/*
 * Real-name verification in the console (docs/design.md §9, "KYC, as built"): the queue, a
 * submission with its photos, the review (a compare-and-set on a pending row, audited, and a
 * message to the player), the ID number in full for a reason, and the withdrawal amount.
 */

type ListInput = z.output<(typeof kycAdmin)['kycList']['request']>;
type RejectInput = z.output<(typeof kycAdmin)['kycReject']['request']>;
type RevealInput = z.output<(typeof kycAdmin)['kycReveal']['request']>;

export async function listKyc(db: Conn, input: ListInput) {
  const conditions: (SQL | undefined)[] = [input.status ? eq(kycSubmissions.status, input.status) : undefined];
  if (input.username) {
    const player = await findPlayer(db, input.username);
    conditions.push(eq(kycSubmissions.userId, player?.id ?? -1));
  }
  const where = and(...conditions);
  const page = await pageOf(
    input,
    (limit, offset) =>
      db.select().from(kycSubmissions).where(where).orderBy(desc(kycSubmissions.id)).limit(limit).offset(offset),
    () => db.$count(kycSubmissions, where),
  );
  const names = await usernamesOf(
    db,
    page.list.map((r) => r.userId),
  );
  return { ...page, list: page.list.map((r) => toRow(r, names.get(r.userId) ?? '')) };
}

export async function kycDetailOf(db: Conn, id: number): Promise<kycAdmin.KycDetail> {
  return toDetail(db, await submissionById(db, id));
}

/** Approves a pending submission, audited; the player gets a message. */
export const approveKyc = (ctx: AppContext, operator: string, id: number) =>
  audited(
    ctx,
    operator,
    async (tx) => {
      const row = await review(tx, id, { status: 'approved', reviewedBy: operator, reviewedAt: ctx.now() });
      await sendSystemMessage(tx, ctx, row.userId, 'kyc_approved', { realName: row.realName });
      return toDetail(tx, row);
    },
    (row) => ({
      action: 'kyc.approve',
      target: `user ${row.userId}`,
      payload: { id },
      before: { status: 'pending' },
      after: { status: 'approved' },
    }),
  );

/** Rejects a pending submission with the reason the player reads, audited. */
export const rejectKyc = (ctx: AppContext, operator: string, input: RejectInput) =>
  audited(
    ctx,
    operator,
    async (tx) => {
      const row = await review(tx, input.id, {
        status: 'rejected',
        reviewedBy: operator,
        reviewedAt: ctx.now(),
        rejectReason: input.reason,
      });
      await sendSystemMessage(tx, ctx, row.userId, 'kyc_rejected', { reason: input.reason });
      return toDetail(tx, row);
    },
    (row) => ({
      action: 'kyc.reject',
      target: `user ${row.userId}`,
      payload: input,
      before: { status: 'pending' },
      after: { status: 'rejected' },
    }),
  );

/** The ID number in full, audited with the submission and the reason, never the number. */
export const revealIdNumber = (ctx: AppContext, operator: string, input: RevealInput) =>
  audited(
    ctx,
    operator,
    async (tx) => submissionById(tx, input.id),
    (row) => ({ action: 'kyc.reveal', target: `user ${row.userId}`, payload: { id: row.id, reason: input.reason } }),
  ).then((row) => ({ idNumber: openIdNumber(ctx.secrets, row) }));

export const kycSettingsOf = async (db: Conn) => ({ requiredAmount: await kycRequiredAmount(db) });

/** Sets the withdrawal amount above which a verified name is needed; audited with the old value. */
export async function changeKycRequiredAmount(ctx: AppContext, operator: string, amount: number) {
  await audited(
    ctx,
    operator,
    async (tx) => {
      const was = await kycRequiredAmount(tx);
      await setKycRequiredAmount(tx, amount);
      return was;
    },
    (was) => ({
      action: 'kyc.settings',
      target: 'kyc_settings',
      payload: {},
      before: { requiredAmount: was },
      after: { requiredAmount: amount },
    }),
  );
  return { requiredAmount: amount };
}

/** Moves a pending submission to its review; 404 when there is none, 409 when already reviewed. */
async function review(
  tx: Tx,
  id: number,
  set: Pick<KycSubmissionRow, 'status' | 'reviewedBy' | 'reviewedAt'> & { rejectReason?: string },
): Promise<KycSubmissionRow> {
  const [row] = await tx
    .update(kycSubmissions)
    .set(set)
    .where(and(eq(kycSubmissions.id, id), eq(kycSubmissions.status, 'pending')))
    .returning();
  if (row) return row;
  await submissionById(tx, id);
  throw new AppError(ErrorCode.CONFLICT, 'kycNotPending');
}

async function submissionById(db: Conn, id: number): Promise<KycSubmissionRow> {
  const [row] = await db.select().from(kycSubmissions).where(eq(kycSubmissions.id, id));
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'kycNotFound');
  return row;
}

async function toDetail(db: Conn, row: KycSubmissionRow): Promise<kycAdmin.KycDetail> {
  const names = await usernamesOf(db, [row.userId]);
  return { ...toRow(row, names.get(row.userId) ?? ''), frontImage: row.frontImage, backImage: row.backImage };
}

function toRow(r: KycSubmissionRow, username: string): kycAdmin.KycRow {
  return {
    id: r.id,
    userId: r.userId,
    username,
    realName: r.realName,
    idMasked: r.idNumberMasked,
    status: r.status,
    submittedAt: r.submittedAt.toISOString(),
    reviewedBy: r.reviewedBy,
    reviewedAt: r.reviewedAt?.toISOString() ?? null,
    rejectReason: r.rejectReason,
  };
}
