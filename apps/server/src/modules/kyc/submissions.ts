import { desc, eq } from 'drizzle-orm';
import type { kyc } from '@breakshot/contracts';
import type { Conn } from '../../platform/db.js';
import type { SecretBox } from '../../platform/secret-box.js';
import { kycRequiredAmount } from './settings.js';
import { kycSubmissions, type KycSubmissionRow } from './tables.js';

/** What the ID number is sealed under: its table, column and player (secret-box.ts). */
const idNumberContext = (userId: number) => `kyc_submissions.id_number:user:${userId}`;

export const sealIdNumber = (secrets: SecretBox, userId: number, idNumber: string) =>
  secrets.seal(idNumber, idNumberContext(userId));

export const openIdNumber = (secrets: SecretBox, row: KycSubmissionRow) =>
  secrets.open(row.idNumberSealed, idNumberContext(row.userId));

/** The player's latest submission, or undefined before the first. */
export async function latestSubmission(db: Conn, userId: number): Promise<KycSubmissionRow | undefined> {
  const [row] = await db
    .select()
    .from(kycSubmissions)
    .where(eq(kycSubmissions.userId, userId))
    .orderBy(desc(kycSubmissions.id))
    .limit(1);
  return row;
}

/** The player's verification as the app shows it. */
export async function kycViewOf(db: Conn, userId: number): Promise<kyc.KycView> {
  const [row, requiredAmount] = await Promise.all([latestSubmission(db, userId), kycRequiredAmount(db)]);
  return {
    status: row?.status ?? 'none',
    realName: row?.realName ?? null,
    idMasked: row?.idNumberMasked ?? null,
    rejectReason: row?.rejectReason ?? null,
    submittedAt: row?.submittedAt.toISOString() ?? null,
    reviewedAt: row?.reviewedAt?.toISOString() ?? null,
    requiredAmount,
  };
}
