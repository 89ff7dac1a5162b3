import { z } from 'zod';
import type { hub88 } from '@breakshot/contracts';
import { PREMIUMS } from './insurance.js';
import { STAKES } from './slot.js';

/*
 * The calls the game pages make to the demo provider's own server (POST /demo-provider/api/…,
 * JSON). A failure is an HTTP error status with { error, field? }: the page words it.
 */

export const API_PREFIX = '/demo-provider/api';

/** Hub88 launch tokens are 10–255 characters. */
const token = z.string().min(10).max(255);
const clientSeed = z.string().regex(/^[\w-]{1,64}$/);
const seedHash = z.string().regex(/^[0-9a-f]{64}$/);
const oneOf = (values: readonly number[]) =>
  z
    .number()
    .int()
    .refine((n) => values.includes(n));

export const sessionRequest = z.strictObject({
  token,
  user: z.string().min(1).max(64),
  game: z.string().min(1).max(64),
  currency: z.string().min(1).max(8),
});

/** A spin at a preset stake (cents), drawn from the seed whose hash the player saw. */
export const spinRequest = z.strictObject({ token, stake: oneOf(STAKES), clientSeed, seedHash });

export const dealRequest = z.strictObject({ token, clientSeed, seedHash });

/** The player's choice on a dealt hand: a preset premium (cents), or 0 for no insurance. */
export const insureRequest = z.strictObject({ token, roundId: z.uuid(), premium: oneOf([0, ...PREMIUMS]) });

/** Why a call failed: a wallet refusal by its Hub88 status, or the provider's own reason. */
export type FailureCode =
  | hub88.Hub88Status
  | 'invalid_request'
  | 'no_session'
  | 'wrong_game'
  | 'seed_changed'
  | 'no_hand'
  | 'hand_in_play'
  | 'wallet_unavailable'
  | 'too_many';

export class DemoError extends Error {
  constructor(
    readonly code: FailureCode,
    readonly httpStatus: number,
    readonly field?: string,
  ) {
    super(code);
  }
}

/** The input, or a 400 naming the first field that is wrong. */
export function parseInput<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  throw new DemoError('invalid_request', 400, parsed.error.issues[0]?.path.join('.'));
}
