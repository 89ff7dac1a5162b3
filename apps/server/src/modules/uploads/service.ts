import { randomBytes } from 'node:crypto';
import { and, count, eq, gte, inArray } from 'drizzle-orm';
import { API_PREFIX, ErrorCode, uploads as contract } from '@breakshot/contracts';
import { inTransaction, lockKey, type Conn, type Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { cleanImage, type ImageFormat } from './image.js';
import { uploads } from './tables.js';

type UploadPurpose = contract.UploadPurpose;
type UploadResult = contract.UploadResult;

/** Uploads a player may make in 24 hours (uploads are kept for good, so they are bounded). */
export const DAILY_UPLOADS = 50;

/** A stored image's file name, `<id>.<ext>`, and the URL it is served at. */
const FILE_NAME = /^([A-Za-z0-9_-]{22})\.(jpg|png|webp)$/;
const FILES_URL = `${API_PREFIX}${contract.FILES_PATH}/`;

const fileUrl = (id: string, format: ImageFormat) => `${FILES_URL}${id}.${format}`;

/** Arbitrary constant: first key of the per-player advisory lock of uploads. */
const UPLOAD_LOCK = 7_204_921;

/**
 * Checks, cleans and stores one image of a player. Refused: not an image by its bytes, damaged,
 * over the size, or over the daily count (counted again under the player's lock before the
 * insert, so concurrent uploads cannot pass it; the first count spares decoding a refused file).
 */
export async function storeImage(
  db: Db,
  input: { userId: number; purpose: UploadPurpose; bytes: Buffer; now: Date },
): Promise<UploadResult> {
  await refuseOverDailyCount(db, input.userId, input.now);
  const image = await cleanImage(input.bytes, input.purpose === 'avatar');
  const id = randomBytes(16).toString('base64url');
  await inTransaction(db, async (tx) => {
    await lockKey(tx, UPLOAD_LOCK, input.userId);
    await refuseOverDailyCount(tx, input.userId, input.now);
    await tx.insert(uploads).values({
      id,
      userId: input.userId,
      purpose: input.purpose,
      format: image.format,
      bytes: image.bytes,
      width: image.width,
      height: image.height,
      createdAt: input.now,
    });
  });
  return { id, url: fileUrl(id, image.format) };
}

async function refuseOverDailyCount(db: Conn, userId: number, now: Date): Promise<void> {
  const since = new Date(now.getTime() - 24 * 3600_000);
  const [today] = await db
    .select({ n: count() })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), gte(uploads.createdAt, since)));
  if ((today?.n ?? 0) >= DAILY_UPLOADS)
    throw new AppError(ErrorCode.TOO_MANY, 'uploadDailyLimit', { max: DAILY_UPLOADS }, { retryAfter: 3600 });
}

/** The request field that carries uploads of each purpose, for the 400 that names it. */
const FIELD: Record<UploadPurpose, string> = {
  avatar: 'avatar',
  feedback: 'images',
  wechat_qr: 'qrImage',
  kyc_front: 'frontImage',
  kyc_back: 'backImage',
};

/**
 * Refuses (400 naming the field) any URL that is not this player's upload for this purpose, so
 * a player cannot attach someone else's image or an avatar as a payment code.
 */
export async function assertOwnUploads(
  db: Conn,
  userId: number,
  urls: string[],
  purpose: UploadPurpose,
): Promise<void> {
  if (urls.length === 0) return;
  const ids = urls.map((u) => (u.startsWith(FILES_URL) ? FILE_NAME.exec(u.slice(FILES_URL.length))?.[1] : undefined));
  const refuse = () => new AppError(ErrorCode.BAD_REQUEST, 'uploadNotYours', undefined, { field: FIELD[purpose] });
  if (ids.some((id) => id === undefined)) throw refuse();
  const found = await db
    .select({ id: uploads.id, format: uploads.format })
    .from(uploads)
    .where(and(inArray(uploads.id, ids as string[]), eq(uploads.userId, userId), eq(uploads.purpose, purpose)));
  const known = new Set(found.map((r) => fileUrl(r.id, r.format)));
  if (!urls.every((u) => known.has(u))) throw refuse();
}

/** A stored image by its file name (`<id>.<ext>`); undefined when there is none. */
export async function readImage(
  db: Conn,
  name: string,
): Promise<{ format: ImageFormat; bytes: Buffer; purpose: UploadPurpose } | undefined> {
  const match = FILE_NAME.exec(name);
  if (!match) return undefined;
  const [row] = await db
    .select({ format: uploads.format, bytes: uploads.bytes, purpose: uploads.purpose })
    .from(uploads)
    .where(and(eq(uploads.id, match[1] as string), eq(uploads.format, match[2] as ImageFormat)));
  return row;
}
