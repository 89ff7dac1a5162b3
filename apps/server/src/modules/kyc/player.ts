import { ErrorCode, kyc } from '@breakshot/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { inTransaction, lockKey } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { assertOwnUploads } from '../uploads/service.js';
import { kycViewOf, latestSubmission, sealIdNumber } from './submissions.js';
import { kycSubmissions } from './tables.js';

type SubmitInput = z.output<typeof kyc.kycSubmitRequest>;

/** Arbitrary constant: the per-player lock of KYC submissions. */
const KYC_LOCK = 7_205_057;

/**
 * Sends the player's submission for review: the photos must be the player's own uploads of
 * their purposes; refused while one is pending or after approval (a rejected one may be sent
 * again). Submissions of one player take turns, so two sent at once make one row.
 */
export async function submitKyc(ctx: AppContext, userId: number, input: SubmitInput): Promise<kyc.KycView> {
  await assertOwnUploads(ctx.db, userId, [input.frontImage], 'kyc_front');
  await assertOwnUploads(ctx.db, userId, [input.backImage], 'kyc_back');
  await inTransaction(ctx.db, async (tx) => {
    await lockKey(tx, KYC_LOCK, userId);
    const latest = await latestSubmission(tx, userId);
    if (latest?.status === 'pending') throw new AppError(ErrorCode.CONFLICT, 'kycPending');
    if (latest?.status === 'approved') throw new AppError(ErrorCode.CONFLICT, 'kycApproved');
    await tx.insert(kycSubmissions).values({
      userId,
      realName: input.realName,
      idNumberSealed: sealIdNumber(ctx.secrets, userId, input.idNumber),
      idNumberMasked: kyc.maskIdNumber(input.idNumber),
      frontImage: input.frontImage,
      backImage: input.backImage,
      status: 'pending',
      submittedAt: ctx.now(),
    });
  });
  return kycViewOf(ctx.db, userId);
}
