import { eq } from 'drizzle-orm';
import { generateAuthenticationOptions, verifyAuthenticationResponse } from '@simplewebauthn/server';
import type { AuthenticatorTransport } from '@simplewebauthn/server';
import { ErrorCode, passkeys as contract } from '@breakshot/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import type { Db, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import type { Device } from '../../platform/sessions.js';
import { loginWithProof } from '../auth/service.js';
import { keepChallenge, takeChallenge } from './challenges.js';
import { challengeOf, type RelyingParty } from './relying-party.js';
import { passkeys } from './tables.js';

/** Login options: no credentials listed, so the authenticator offers the site's passkeys (no username). */
export async function loginOptions(db: Db, rp: RelyingParty, now: Date) {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    timeout: contract.PASSKEY_CHALLENGE_SECONDS * 1000,
  });
  await keepChallenge(db, options.challenge, 'login', null, now);
  return { options: options as unknown as Record<string, unknown> };
}

type Credential = z.output<typeof contract.login.request>['credential'];

/**
 * Logs in with the passkey that signed the answer, through the password login's lockout and
 * session (auth's loginWithProof). A passkey that is not (or no longer) kept is refused with
 * passkeyUnknown; an expired, replayed or foreign challenge, a bad signature, no user
 * verification or a signature counter that did not grow count as failures of its account.
 */
export async function loginWithPasskey(
  ctx: AppContext,
  credential: Credential,
  rp: RelyingParty,
  options: { now: Date; client: string; device: Device },
): Promise<{ token: string }> {
  const { now } = options;
  const [owner] = await ctx.db
    .select({ userId: passkeys.userId })
    .from(passkeys)
    .where(eq(passkeys.credentialId, credential.id));
  if (!owner) {
    // Used up all the same: the challenge is not left to be tried again.
    await takeChallenge(ctx.db, challengeOf(credential.response.clientDataJSON), 'login', null, now);
    throw new AppError(ErrorCode.BAD_REQUEST, 'passkeyUnknown');
  }
  return loginWithProof(ctx, owner.userId, (tx) => checkAssertion(tx, credential, rp, now), options);
}

/** Checks the answer in the login's transaction (the account's attempts one at a time) and notes the use. */
async function checkAssertion(tx: Tx, credential: Credential, rp: RelyingParty, now: Date): Promise<AppError | null> {
  const challenge = challengeOf(credential.response.clientDataJSON);
  if (!(await takeChallenge(tx, challenge, 'login', null, now)))
    return new AppError(ErrorCode.BAD_REQUEST, 'passkeyExpired');
  const [kept] = await tx.select().from(passkeys).where(eq(passkeys.credentialId, credential.id));
  if (!kept) return new AppError(ErrorCode.BAD_REQUEST, 'passkeyUnknown');
  const verified = await verifyAuthenticationResponse({
    response: { ...credential, clientExtensionResults: {} },
    expectedChallenge: challenge,
    expectedOrigin: rp.origins,
    expectedRPID: rp.id,
    credential: {
      id: kept.credentialId,
      publicKey: new Uint8Array(kept.publicKey),
      counter: kept.counter,
      transports: kept.transports as AuthenticatorTransport[],
    },
    requireUserVerification: true,
  }).catch(() => null);
  if (!verified?.verified) return new AppError(ErrorCode.BAD_REQUEST, 'passkeyFailed');
  await tx
    .update(passkeys)
    .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: now })
    .where(eq(passkeys.id, kept.id));
  return null;
}
