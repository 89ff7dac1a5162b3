import { and, count, desc, eq } from 'drizzle-orm';
import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import type { AuthenticatorTransport, RegistrationResponseJSON } from '@simplewebauthn/server';
import { ErrorCode, passkeys as contract } from '@breakshot/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { inTransaction, lockKey, type Conn, type Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { usernamesOf } from '../auth/service.js';
import { getSysConfig } from '../system/service.js';
import { keepChallenge, takeChallenge } from './challenges.js';
import { challengeOf, type RelyingParty } from './relying-party.js';
import { passkeys } from './tables.js';

export { loginWithPasskey, loginOptions } from './login.js';

const { MAX_PASSKEYS, PASSKEY_CHALLENGE_SECONDS } = contract;

/** Advisory lock space of a player's passkeys (their count, checked when one is added). */
const PASSKEYS_LOCK = 3_410;

const itemOf = (row: typeof passkeys.$inferSelect): contract.PasskeyItem => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

const notFound = () => new AppError(ErrorCode.NOT_FOUND, 'passkeyNotFound');
const tooMany = () => new AppError(ErrorCode.CONFLICT, 'passkeyTooMany', { max: MAX_PASSKEYS });

/**
 * The options of a new passkey: discoverable (the login asks no username) and verifying its user
 * (a fingerprint, a PIN), no attestation; the player's passkeys are excluded, so one
 * authenticator is not added twice.
 */
export async function registrationOptions(db: Db, userId: number, rp: RelyingParty, now: Date) {
  const existing = await db.select().from(passkeys).where(eq(passkeys.userId, userId));
  if (existing.length >= MAX_PASSKEYS) throw tooMany();
  const username = (await usernamesOf(db, [userId])).get(userId) ?? '';
  const options = await generateRegistrationOptions({
    rpName: (await getSysConfig(db)).siteName,
    rpID: rp.id,
    userName: username,
    userID: new TextEncoder().encode(String(userId)),
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({
      id: c.credentialId,
      transports: c.transports as AuthenticatorTransport[],
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    timeout: PASSKEY_CHALLENGE_SECONDS * 1000,
  });
  await keepChallenge(db, options.challenge, 'register', userId, now);
  return { options: options as unknown as Record<string, unknown> };
}

/**
 * Verifies the browser's answer to registrationOptions (its challenge used up first, so a
 * failed answer cannot be tried again) and keeps the passkey; the player is told
 * ('passkeys.changed').
 */
export async function registerPasskey(
  ctx: AppContext,
  userId: number,
  input: z.output<typeof contract.register.request>,
  rp: RelyingParty,
  now: Date,
): Promise<contract.PasskeyItem> {
  const challenge = challengeOf(input.credential.response.clientDataJSON);
  if (!(await takeChallenge(ctx.db, challenge, 'register', userId, now)))
    throw new AppError(ErrorCode.BAD_REQUEST, 'passkeyExpired');
  const verified = await verifyRegistrationResponse({
    // No ceremony here asks for extensions; the transports are the browser's words, kept as given.
    response: { ...input.credential, clientExtensionResults: {} } as RegistrationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: rp.origins,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verified?.verified) throw new AppError(ErrorCode.BAD_REQUEST, 'passkeyFailed');
  const { credential } = verified.registrationInfo;
  return inTransaction(ctx.db, async (tx) => {
    await lockKey(tx, PASSKEYS_LOCK, userId);
    const [held] = await tx.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
    if ((held?.n ?? 0) >= MAX_PASSKEYS) throw tooMany();
    const [row] = await tx
      .insert(passkeys)
      .values({
        userId,
        credentialId: credential.id,
        publicKey: credential.publicKey,
        counter: credential.counter,
        transports: credential.transports ?? [],
        name: input.name,
        createdAt: now,
      })
      .onConflictDoNothing({ target: passkeys.credentialId })
      .returning();
    if (!row) throw new AppError(ErrorCode.CONFLICT, 'passkeyExists');
    await ctx.events.emit(tx, ctx, 'passkeys.changed', { userId, change: 'added', name: row.name, at: now });
    return itemOf(row);
  });
}

/** The player's passkeys, newest first. */
export async function listPasskeys(db: Conn, userId: number): Promise<contract.PasskeyItem[]> {
  const rows = await db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(desc(passkeys.createdAt), desc(passkeys.id));
  return rows.map(itemOf);
}

/** Renames one of the player's passkeys (another's is not found). */
export async function renamePasskey(db: Conn, userId: number, id: number, name: string) {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  if (!row) throw notFound();
  return itemOf(row);
}

/** Removes one of the player's passkeys: it logs in no more, and the player is told ('passkeys.changed'). */
export async function removePasskey(ctx: AppContext, userId: number, id: number): Promise<void> {
  await inTransaction(ctx.db, async (tx) => {
    const [removed] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
      .returning({ name: passkeys.name });
    if (!removed) throw notFound();
    await ctx.events.emit(tx, ctx, 'passkeys.changed', {
      userId,
      change: 'removed',
      name: removed.name,
      at: ctx.now(),
    });
  });
}
