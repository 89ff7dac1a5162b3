import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { security } from '@breakshot/contracts';
import { smsOutbox } from '../../src/modules/security/tables.js';
import { call, captchaId, TEST_CAPTCHA, type TestApp } from './test-app.js';

let next = 0;
/** A mobile no other test of this process uses (13 + pid digits + a counter). */
export function uniqueMobile(): string {
  next += 1;
  return `13${String(process.pid % 100_000).padStart(5, '0')}${String(next).padStart(4, '0')}`;
}

let ips = 0;
/** A client address of its own, so the per-address daily limit does not join unrelated tests. */
export function uniqueIp(): string {
  ips += 1;
  return `10.${(ips >> 16) & 255}.${(ips >> 8) & 255}.${ips & 255}`;
}

/** The code of the newest message the outbox holds for a mobile; undefined: none. */
export async function lastCode(t: TestApp, mobile: string): Promise<string | undefined> {
  const [row] = await t.db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.mobile, mobile))
    .orderBy(desc(smsOutbox.id))
    .limit(1);
  return row && /\b(\d{6})\b/.exec(row.text)?.[1];
}

export async function outboxCount(t: TestApp, mobile: string): Promise<number> {
  return t.db.$count(smsOutbox, eq(smsOutbox.mobile, mobile));
}

/** Asks for a code (a session's purposes) and returns it from the outbox. */
export async function sendAndRead(
  t: TestApp,
  token: string,
  body: { purpose: 'bind'; mobile: string } | { purpose: 'change' | 'fund' },
  mobile: string,
  ip?: string,
): Promise<string> {
  const res = await call(t.app, security.sendSmsCode, body, { token, ip: ip ?? uniqueIp() });
  if (res.code !== 200) throw new Error(`sendSmsCode failed: ${res.code} ${res.msg}`);
  const code = await lastCode(t, mobile);
  if (!code) throw new Error('no code in the outbox');
  return code;
}

/** sendSmsCode for a password reset, with a fresh captcha. */
export async function sendResetCode(app: FastifyInstance, username: string, mobile: string, ip?: string) {
  return call(
    app,
    security.sendSmsCode,
    { purpose: 'reset', username, mobile, captchaId: await captchaId(app), captchaCode: TEST_CAPTCHA },
    { ip: ip ?? uniqueIp() },
  );
}

/** Binds a mobile to a player (code read from the outbox); moves the clock past the resend wait. */
export async function bindTestMobile(t: TestApp, token: string, mobile: string): Promise<void> {
  const code = await sendAndRead(t, token, { purpose: 'bind', mobile }, mobile);
  const res = await call(t.app, security.bindMobile, { mobile, code }, { token });
  if (res.code !== 200) throw new Error(`bindMobile failed: ${res.msg}`);
  t.clock.advance(security.SMS_RESEND_SECONDS * 1000);
}

/** A wrong code for `code` (same length, another value). */
export const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
