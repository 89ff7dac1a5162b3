import { ErrorCode } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import { inTransaction, type Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { createSession, type Device } from '../../platform/sessions.js';
import { createPlayer, inviterId, newPlayerPasswordHash, withUniqueName } from '../auth/service.js';
import { linkPlacement } from './placement.js';
import { memberPlacement, openAgentProfile, type Placement } from './profiles.js';
import { rollUp } from './rollups.js';

/*
 * Registration places a player in the team tree, which is this module's: auth makes the account
 * (auth/new-player.ts) and the session, and this module decides where it goes and on which terms
 * (docs/architecture.md, "Registration").
 */

export interface RegisterInput {
  username: string;
  password: string;
  inviteCode?: string | undefined;
}

export interface RegisterOptions {
  inviteCodeRequired: boolean;
  /** Where the request came from, kept with the session (the operator sees the player's devices). */
  device?: Device | undefined;
}

/**
 * A player registers (user/register): placed under the owner of the invite code (a player's own
 * code, or one of an agent's invite links with its terms), with a profile, a cash account and a
 * session, in one transaction. Returns the session token.
 */
export async function registerPlayer(
  ctx: AppContext,
  input: RegisterInput,
  options: RegisterOptions,
): Promise<{ token: string; userId: number }> {
  const inviteCode = input.inviteCode ? input.inviteCode.toUpperCase() : undefined;
  if (!inviteCode && options.inviteCodeRequired) {
    throw new AppError(ErrorCode.BAD_REQUEST, 'inviteCodeRequired', undefined, { field: 'inviteCode' });
  }
  const now = ctx.now();
  const passwordHash = await newPlayerPasswordHash(ctx.db, input, ctx.passwordHashing);
  return withUniqueName(() =>
    inTransaction(ctx.db, async (tx) => {
      const placement = inviteCode ? await placementOf(tx, inviteCode, now) : memberPlacement(null);
      const userId = await placePlayer(tx, { username: input.username, passwordHash }, placement, now);
      const { token } = await createSession(tx, userId, now, options.device);
      return { token, userId };
    }),
  );
}

/**
 * An account an agent opens under itself (agent/openAccount): made like a registration with
 * the given placement, but with no session (the agent hands the password over).
 */
export async function openAccountUnder(
  ctx: AppContext,
  input: { username: string; password: string },
  placement: Placement,
): Promise<{ userId: number }> {
  const now = ctx.now();
  const passwordHash = await newPlayerPasswordHash(ctx.db, input, ctx.passwordHashing);
  return withUniqueName(() =>
    inTransaction(ctx.db, async (tx) => ({
      userId: await placePlayer(tx, { username: input.username, passwordHash }, placement, now),
    })),
  );
}

/** A link's code places the player on the link's terms; a player's own code as a plain member. */
async function placementOf(tx: Tx, inviteCode: string, now: Date): Promise<Placement> {
  return (await linkPlacement(tx, inviteCode, now)) ?? memberPlacement(await inviterId(tx, inviteCode));
}

/** The account under its parent, its agent profile on the placement's terms, the day's registration. */
async function placePlayer(
  tx: Tx,
  account: { username: string; passwordHash: string },
  placement: Placement,
  now: Date,
): Promise<number> {
  const userId = await createPlayer(tx, { ...account, parentId: placement.parentId, now });
  await openAgentProfile(tx, userId, placement);
  await rollUp(tx, userId, now, '', { registrations: 1 });
  return userId;
}
