import * as OTPAuth from 'otpauth';

/** RFC 6238 as every authenticator app does it: SHA1, 6 digits, 30-second steps. */
const PERIOD_S = 30;
const DIGITS = 6;
const ALGORITHM = 'SHA1';
/** Codes of the step before and after the current one are accepted too (clock drift). */
const WINDOW = 1;
const ISSUER = 'Breakshot';

const totpOf = (secret: string, label = '') =>
  new OTPAuth.TOTP({
    issuer: ISSUER,
    label,
    algorithm: ALGORITHM,
    digits: DIGITS,
    period: PERIOD_S,
    secret: OTPAuth.Secret.fromBase32(secret),
  });

/** A new 160-bit secret in base32 (what is stored and shown for typing in). */
export const newTotpSecret = (): string => new OTPAuth.Secret({ size: 20 }).base32;

/** otpauth://totp/Breakshot:<username>?secret=…&issuer=Breakshot… for the QR code. */
export const otpauthUrl = (username: string, secret: string): string => totpOf(secret, username).toString();

/** The 30-second step a time falls in. */
export const stepAt = (now: Date): number => Math.floor(now.getTime() / 1000 / PERIOD_S);

/**
 * The step of the code, when it is the secret's code of the current step or one step either
 * side of it; null for a wrong code.
 */
export function matchingStep(secret: string, code: string, now: Date): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now.getTime(), window: WINDOW });
  return delta === null ? null : stepAt(now) + delta;
}
