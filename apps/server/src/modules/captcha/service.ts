import { randomUUID, timingSafeEqual } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import { ErrorCode } from '@breakshot/contracts';
import type { Conn } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { sha256 } from '../../platform/tokens.js';
import { drawCaptcha, randomCaptchaText } from './image.js';
import { captchas } from './tables.js';

export const CAPTCHA_TTL_MS = 2 * 60 * 1000;

export interface NewCaptcha {
  captchaId: string;
  /** data:image/png;base64,… (image.ts) */
  image: string;
}

/**
 * A new captcha, valid 2 minutes. With a test code (CAPTCHA_TEST_CODE) that code is the answer
 * and the image shows it.
 */
export async function createCaptcha(db: Conn, now: Date, testCode?: string): Promise<NewCaptcha> {
  const text = testCode ?? randomCaptchaText();
  const png = await drawCaptcha(text);
  const captchaId = randomUUID();
  await db.delete(captchas).where(lt(captchas.expiresAt, now));
  await db.insert(captchas).values({
    id: captchaId,
    answerHash: answerHash(captchaId, text),
    expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS),
  });
  return { captchaId, image: `data:image/png;base64,${png.toString('base64')}` };
}

/** Uses the captcha up, right or wrong; throws 400 when it is wrong, expired or already used. */
export async function consumeCaptcha(db: Conn, captchaId: string, code: string, now: Date): Promise<void> {
  const [row] = await db.delete(captchas).where(eq(captchas.id, captchaId)).returning();
  verify(row, captchaId, code, now);
}

/** Checks an answer: a right one stays usable for the call it guards, a wrong one is burnt. */
export async function checkCaptcha(db: Conn, captchaId: string, code: string, now: Date): Promise<void> {
  const [row] = await db.select().from(captchas).where(eq(captchas.id, captchaId));
  try {
    verify(row, captchaId, code, now);
  } catch (err) {
    await db.delete(captchas).where(eq(captchas.id, captchaId));
    throw err;
  }
}

function verify(row: typeof captchas.$inferSelect | undefined, captchaId: string, code: string, now: Date): void {
  const field = { field: 'captchaCode' };
  if (!row || row.expiresAt <= now) throw new AppError(ErrorCode.BAD_REQUEST, 'captchaExpired', undefined, field);
  const given = Buffer.from(answerHash(captchaId, code));
  if (!timingSafeEqual(given, Buffer.from(row.answerHash))) {
    throw new AppError(ErrorCode.BAD_REQUEST, 'captchaWrong', undefined, field);
  }
}

/** Case-insensitive; salted with the id so equal answers do not share a hash. */
function answerHash(captchaId: string, answer: string): string {
  return sha256(`${captchaId}:${answer.trim().toLowerCase()}`);
}
