import { z } from 'zod';
import { str } from './fields.js';
import { BEST_OF } from './taiqiu.js';

/*
 * The billiards data feed (docs/design.md §9): a feed provider posts what happens in its matches,
 * POST /feed/{providerId}/events (a batch of events) and POST /feed/{providerId}/snapshot (the whole
 * state of one match, after a gap). The raw body is signed with the provider's key:
 * HMAC-SHA256, hex, in X-Feed-Signature. Each event has the provider's id for it (the same id again
 * is acknowledged and ignored; the same id with another body is refused) and its match's sequence
 * number: 1, 2, 3 … per match, applied in that order.
 */

export const FEED_PREFIX = '/feed';
export const SIGNATURE_HEADER = 'x-feed-signature';
/**
 * The console's own provider: matches an operator makes and scores by hand. It takes no HTTP
 * calls (it has no key); its entries reach the match's feed log from the console's calls.
 */
export const CONSOLE_PROVIDER = 'console';
/** Most events in one batch. */
export const MAX_BATCH = 500;
/** Events ahead of a gap held for their turn, per match; more and the batch is refused. */
export const MAX_HELD = 64;

const side = z.enum(['a', 'b']);
const count = (max: number) => z.number().int().min(0).max(max);
const score = z.strictObject({ a: count(11), b: count(11) });
const points = z.strictObject({ a: count(1000), b: count(1000) });
/** The match lengths the book prices (taiqiu.ts). */
const bestOf = z.literal(BEST_OF);
const frame = z.number().int().min(1).max(BEST_OF.at(-1)!);
/*
 * The provider's strings go through str(): a control character (a NUL byte would fail in the
 * database, a 500) is refused as a bad field, 400.
 */
const playerName = str().trim().min(1).max(24);

const head = {
  /** The provider's id of this event. */
  id: str().min(1).max(64),
  /** The provider's id of the match. */
  match: str().min(1).max(64),
  /** The match's own sequence number of this event, from 1. */
  seq: z.number().int().min(1).max(1_000_000),
  /** When it happened, at the table. */
  at: z.iso.datetime({ offset: true }),
};

export const scheduled = z.strictObject({
  ...head,
  type: z.literal('match_scheduled'),
  playerA: playerName,
  playerB: playerName,
  bestOf,
  startAt: z.iso.datetime({ offset: true }),
  /** The trader's prior: the chance player a wins a frame (default 0.5). */
  frameWinA: z.number().min(0.05).max(0.95).optional(),
  /** A provably fair feed commits to its seed before play (SHA-256, hex) and reveals it at the end. */
  seedHash: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
});
export const started = z.strictObject({ ...head, type: z.literal('match_started') });
export const frameStarted = z.strictObject({ ...head, type: z.literal('frame_started'), frame, breaker: side });
/**
 * A visit to the table: the points it scored, the break so far, and a foul's penalty to the
 * opponent (0 for none). A visit is over when told (the player has left the table: the opponent
 * is at it); `ended: false` tells a break still being built, the player's next visit event adding
 * to it (its break the one before plus its points).
 */
export const visit = z.strictObject({
  ...head,
  type: z.literal('visit'),
  frame,
  player: side,
  points: count(147),
  break: count(155),
  foul: z.union([z.literal(0), z.number().int().min(4).max(7)]),
  ended: z.boolean().optional(),
});

/** Who is at the table after a visit, and the break they are on (a foul or an ended visit hands the table over). */
export function tableAfter(e: Pick<z.infer<typeof visit>, 'player' | 'break' | 'foul' | 'ended'>): {
  atTable: 'a' | 'b';
  break: number;
} {
  const goesOn = e.ended === false && e.foul === 0;
  return goesOn ? { atTable: e.player, break: e.break } : { atTable: e.player === 'a' ? 'b' : 'a', break: 0 };
}
export const frameEnded = z.strictObject({ ...head, type: z.literal('frame_ended'), frame, winner: side, points });
export const ended = z.strictObject({
  ...head,
  type: z.literal('match_ended'),
  score,
  serverSeed: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
});
export const abandoned = z.strictObject({
  ...head,
  type: z.literal('match_abandoned'),
  reason: str().min(1).max(200),
});

export const event = z.discriminatedUnion('type', [
  scheduled,
  started,
  frameStarted,
  visit,
  frameEnded,
  ended,
  abandoned,
]);
export type FeedEvent = z.infer<typeof event>;
export type FeedEventType = FeedEvent['type'];

export const batch = z.strictObject({ events: z.array(event).min(1).max(MAX_BATCH) });

/**
 * What became of each event: applied now, held until the events before it arrive, a repeat of one
 * received before, or superseded (its match is already past its number: a snapshot moved it on).
 */
export const eventStatus = z.enum(['applied', 'held', 'duplicate', 'superseded']);
export type EventStatus = z.infer<typeof eventStatus>;
export const batchAnswer = z.object({
  results: z.array(z.object({ id: z.string(), status: eventStatus })),
});

/** The whole state of a match as of its event `seq`: what a gap is closed with. */
export const snapshot = z.strictObject({
  match: head.match,
  seq: head.seq,
  at: head.at,
  status: z.enum(['scheduled', 'live', 'finished', 'abandoned']),
  playerA: playerName,
  playerB: playerName,
  bestOf,
  startAt: z.iso.datetime({ offset: true }),
  score,
  /** The frame being played, if one is. */
  frame: z.strictObject({ number: frame, points, atTable: side.nullable(), break: count(155) }).nullable(),
  /** The winners of the frames played, in order (a provably fair match's draws are checked against them). */
  frames: z.array(side).max(BEST_OF.at(-1)!).optional(),
});
export type FeedSnapshot = z.infer<typeof snapshot>;
export const snapshotAnswer = z.object({ match: z.string(), seq: z.number().int(), applied: z.number().int() });

/** A refusal: `error` says why (a code), `detail` in words, `event` the id it concerns. */
export const refusal = z.object({ error: z.string(), detail: z.string(), event: z.string().optional() });
