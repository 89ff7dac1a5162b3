import { z } from 'zod';
import { MAX_AMOUNT } from './money.js';

/*
 * The seamless wallet providers call (docs/design.md §8): Hub88's Operator Wallet API field for field.
 * POST /provider/{providerId}/{call} with a JSON body signed RSA-SHA256 (PKCS#1 v1.5) over the raw
 * bytes, base64 in X-Hub88-Signature; always HTTP 200, the outcome in `status`; answers signed
 * with the operator's key the same way. Amounts are int64 × 100,000 (3.56 → 356000).
 */

export const SIGNATURE_HEADER = 'x-hub88-signature';
export const PROVIDER_PREFIX = '/provider';
/** Hub88 amounts per minor unit (cent): 1 unit = 100,000; 1 cent = 1,000. */
export const HUB88_PER_CENT = 1_000;

export const hub88Statuses = [
  'RS_OK',
  'RS_ERROR_UNKNOWN',
  'RS_ERROR_INVALID_PARTNER',
  'RS_ERROR_INVALID_TOKEN',
  'RS_ERROR_INVALID_GAME',
  'RS_ERROR_WRONG_CURRENCY',
  'RS_ERROR_NOT_ENOUGH_MONEY',
  'RS_ERROR_USER_DISABLED',
  'RS_ERROR_INVALID_SIGNATURE',
  'RS_ERROR_TOKEN_EXPIRED',
  'RS_ERROR_WRONG_SYNTAX',
  'RS_ERROR_WRONG_TYPES',
  'RS_ERROR_DUPLICATE_TRANSACTION',
  'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  'RS_ERROR_TRANSACTION_ROLLED_BACK',
  'RS_ERROR_LIMIT_REACHED',
] as const;
export const hub88Status = z.enum(hub88Statuses);
export type Hub88Status = z.infer<typeof hub88Status>;

/** Wins and rollbacks are final: a provider retries them until one of these (anything but UNKNOWN). */
export const isTerminal = (status: Hub88Status) => status !== 'RS_ERROR_UNKNOWN';

const uuid = z.string().min(1).max(255);
/**
 * Within one transfer's bound (MAX_AMOUNT cents = 10^15 units, below 2^53): every amount taken is
 * a number JSON.parse read exactly, and a larger one still reads as larger (rounding keeps order),
 * so it is refused whatever its digits. The wallet also wants its text plain digits (wallet-json.ts).
 */
export const MAX_UNITS = MAX_AMOUNT * HUB88_PER_CENT;
const amount = z.number().int().min(0).max(MAX_UNITS);
/** Names we store and index (a btree entry must stay small). */
const user = z.string().min(1).max(255);
const gameCode = z.string().min(1).max(255);
/**
 * Launch tokens are 10–255 characters, but a token of another length is the token check's to
 * refuse (RS_ERROR_INVALID_TOKEN on user/balance and bets), and wins and rollbacks never check it:
 * a schema bound would turn their settlement into a refusal. Only hashed, never stored.
 */
const token = z.string();

/** Meta is free-form and never read: bounded so that nothing in it is too deep or too large to handle. */
const META_DEPTH = 8;
const META_CHARS = 16_384;
const nestsWithin = (value: unknown, levels: number): boolean =>
  typeof value !== 'object' ||
  value === null ||
  (levels > 0 && Object.values(value).every((v) => nestsWithin(v, levels - 1)));
const meta = z
  .record(z.string(), z.unknown())
  .refine((m) => nestsWithin(m, META_DEPTH) && JSON.stringify(m).length <= META_CHARS, 'meta too deep or too large');

export const userInfoRequest = z.object({ user, request_uuid: uuid });

export const balanceRequest = z.object({
  user,
  token,
  request_uuid: uuid,
  game_code: gameCode,
});

export const betRequest = z.object({
  user,
  token,
  request_uuid: uuid,
  transaction_uuid: uuid,
  supplier_transaction_id: z.string().max(255),
  round: z.string().min(1).max(255),
  round_closed: z.boolean(),
  game_code: gameCode,
  currency: z.string().min(1).max(8),
  amount,
  is_free: z.boolean(),
  reward_uuid: uuid.nullish(),
  /** What was bet on, free text; the demo poker game sends "insurance" for an insurance bet. */
  bet: z.string().max(255).nullish(),
  meta: meta.nullish(),
});

export const winRequest = betRequest.extend({
  reference_transaction_uuid: uuid,
  is_supplier_promo: z.boolean().nullish(),
});

export const rollbackRequest = z.object({
  user,
  token,
  request_uuid: uuid,
  transaction_uuid: uuid,
  reference_transaction_uuid: uuid,
  round: z.string().min(1).max(255),
  round_closed: z.boolean(),
  game_code: gameCode,
  meta: meta.nullish(),
});

export const userInfoAnswer = z.object({
  user: z.string(),
  status: hub88Status,
  request_uuid: z.string(),
  country: z.string(),
  jurisdiction: z.string(),
  sub_partner_id: z.string().nullable(),
  birth_date: z.string().nullable(),
  registration_date: z.string(),
  tags: z.array(z.string()),
  sex: z.string().nullable(),
  affiliate_id: z.string().nullable(),
});

/** The answer of user/balance and of the three transaction calls. */
export const balanceAnswer = z.object({
  user: z.string(),
  status: hub88Status,
  request_uuid: z.string(),
  currency: z.string(),
  balance: z.number().int(),
});

/** Any refusal; RS_ERROR_NOT_ENOUGH_MONEY carries the balance (and currency). */
export const errorAnswer = z.object({
  status: hub88Status,
  request_uuid: z.string(),
  user: z.string().optional(),
  currency: z.string().optional(),
  balance: z.number().int().optional(),
});

export const calls = {
  'user/info': { request: userInfoRequest, answer: userInfoAnswer },
  'user/balance': { request: balanceRequest, answer: balanceAnswer },
  'transaction/bet': { request: betRequest, answer: balanceAnswer },
  'transaction/win': { request: winRequest, answer: balanceAnswer },
  'transaction/rollback': { request: rollbackRequest, answer: balanceAnswer },
} as const;
export type Hub88Call = keyof typeof calls;
export type Hub88Request<C extends Hub88Call> = z.infer<(typeof calls)[C]['request']>;
export type Hub88Answer = z.infer<typeof balanceAnswer> | z.infer<typeof userInfoAnswer> | z.infer<typeof errorAnswer>;
