import { z } from 'zod';
import { str } from './fields.js';
import { MAX_AMOUNT } from './money.js';

/** Every response: HTTP 200 with this envelope (docs/design.md §4). */
export const ErrorCode = {
  OK: 200,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UNPROCESSABLE: 422,
  TOO_MANY: 429,
  INTERNAL: 500,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const envelope = <T extends z.ZodType>(data: T) => z.object({ code: z.number().int(), msg: z.string(), data });

/** Why a bet cannot be cashed out now (cashout.ts says what each means). */
export const cashoutUnavailableReason = z.enum(['pending', 'suspended', 'off', 'settling', 'settled', 'none']);

/** A cash-out quote (cashout.ts): the value of the bet's running stake until expiresAt. */
export const cashoutQuote = z.object({
  quoteId: z.string(),
  betNo: z.string(),
  runningStake: z.number().int(),
  /** What the whole running stake cashes out for; a part cashes out for its share, rounded down. */
  value: z.number().int(),
  expiresAt: z.string(),
});

/** Failure envelope: data is null, or carries details such as `retryAfter` for 429. */
export const errorEnvelope = z.object({
  code: z.number().int(),
  msg: z.string(),
  data: z
    .object({
      retryAfter: z.number().int().optional(),
      field: z.string().optional(),
      /** 409 oddsChanged of taiqiu/bet: the selection's odds now. */
      currentOdds: z.number().optional(),
      /**
       * The step-up the call needs before it is tried (register, login): 'pow', a solved
       * captcha/challenge in the call's `pow` (its captcha was not used up).
       */
      step: z.enum(['pow']).optional(),
      /** 422 cashoutUnavailable: why (cashout.ts unavailableReason). */
      cashoutReason: cashoutUnavailableReason.optional(),
      /** 409 cashoutRequote: a fresh quote to confirm. */
      quote: cashoutQuote.optional(),
    })
    .nullable(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;
/** What a failure's `data` may carry. */
export type ErrorData = NonNullable<ErrorEnvelope['data']>;

export const empty = z.object({}).strict();

/** Money: integer minor units (fen/cents), never floats; in answers, any sum below 2^53 (zod's int). */
export const money = z.number().int();
/** Money a player or an operator sends: whole minor units within one transfer's bound (MAX_AMOUNT). */
export const moneyInput = z.number().int('amount.integer').min(-MAX_AMOUNT, 'too_small').max(MAX_AMOUNT, 'too_big');
export const positiveMoney = moneyInput.positive('amount.positive');

/**
 * A client-made idempotency key of a money call (taiqiu/bet, addWithdraw): a UUID the app makes
 * per user action and sends again, unchanged, when it retries that action after a network
 * failure. The server answers a repeat with what the first request did and writes nothing.
 * Lower-case only (as crypto.randomUUID writes it), so one key has one spelling.
 */
export const clientRequestId = str().regex(/^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/, 'invalid');

/** ISO-8601 UTC timestamp. */
export const isoTime = z.string();

/** Instants outside these years are typing slips or probes, not filters. */
const EARLIEST = Date.UTC(2000, 0, 1);
const LATEST = Date.UTC(2100, 0, 1);

/** An instant: ISO-8601 with its offset (UTC from the apps), between 2000 and 2100. */
export const instant = z.iso
  .datetime({ offset: true, error: 'invalid' })
  .refine((s) => Date.parse(s) >= EARLIEST && Date.parse(s) < LATEST, 'date.range');

/**
 * The time filter of every record list: `from` inclusive, `to` exclusive. The apps send the
 * bounds of their date filter (days in the site's time zone) as instants.
 */
export const timeRange = z.object({ from: instant.optional(), to: instant.optional() });

export const pageRequest = z.object({
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});
export type PageRequest = z.infer<typeof pageRequest>;

export const pageResult = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

export type HttpMethod = 'GET' | 'POST';

/**
 * One call of the API: where it lives, what it takes, what it answers.
 * The server registers it with these schemas; the web client calls it with them.
 */
export interface CallContract<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  method: HttpMethod;
  path: string;
  /** true: the `token` header must carry a live session. */
  auth: boolean;
  request: Req;
  response: Res;
}

export const defineCall = <Req extends z.ZodType, Res extends z.ZodType>(c: CallContract<Req, Res>) => c;

export type RequestOf<C extends CallContract> = z.input<C['request']>;
export type ResponseOf<C extends CallContract> = z.output<C['response']>;

/** The `data` of a call's success envelope (player and operator calls alike). */
export type DataOf<C extends { response: z.ZodType }> = z.output<C['response']> extends { data: infer D } ? D : never;

export const API_PREFIX = '/api/v9';
