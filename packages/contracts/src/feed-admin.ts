import { z } from 'zod';
import type { AdminCall } from './operator-calls.js';
import { envelope, isoTime, pageRequest, pageResult } from './common.js';
import { str } from './fields.js';
import { eventStatus } from './feed.js';

/*
 * Operator calls of the billiards data feed (feed.ts): its providers (key, enabled, stale time),
 * their health, and each match's event log. Run by risk (trading) and admin.
 */

const call = <Req extends z.ZodType, Res extends z.ZodType>(c: Omit<AdminCall<Req, Res>, 'roles'>) =>
  ({ ...c, roles: ['risk'] }) satisfies AdminCall<Req, Res>;

/** A provider's id: what its URL names (/feed/{id}/events). */
export const providerId = str()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{1,31}$/, 'invalid');
/** How long a live match may hear nothing before its markets suspend as stale. */
export const staleSeconds = z.number({ error: 'invalid_type' }).int('invalid').min(5, 'too_small').max(600, 'too_big');

export const feedProvider = z.object({
  id: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  staleSeconds: z.number().int(),
  /** The key's last four characters, to tell keys apart; the key itself is shown once, when set. */
  keyHint: z.string(),
  lastEventAt: isoTime.nullable(),
  /** Events received in the last hour, and how many of them were refused or are still held. */
  eventsLastHour: z.number().int(),
  heldEvents: z.number().int(),
  liveMatches: z.number().int(),
  /** Live matches suspended by the feed: a gap in their sequence, or silent past the stale time. */
  gapMatches: z.number().int(),
  staleMatches: z.number().int(),
});
export type FeedProvider = z.infer<typeof feedProvider>;

export const providers = call({
  path: '/feed/providers',
  request: z.strictObject({}),
  response: envelope(z.object({ list: z.array(feedProvider) })),
});

/** Adds a provider or changes one; a new provider gets a key (answered once). */
export const providerSave = call({
  path: '/feed/provider/save',
  request: z.strictObject({
    id: providerId,
    name: str().trim().min(1, 'required').max(40, 'too_long'),
    enabled: z.boolean({ error: 'invalid_type' }),
    staleSeconds,
  }),
  response: envelope(z.object({ provider: feedProvider, key: z.string().nullable() })),
});

/** Sets the provider's key: the one given (32–128 printable characters) or a new random one; answered once. */
export const providerKey = call({
  path: '/feed/provider/key',
  request: z.strictObject({
    id: providerId,
    key: str()
      .regex(/^[\x21-\x7e]{32,128}$/, 'invalid')
      .optional(),
  }),
  response: envelope(z.object({ provider: feedProvider, key: z.string() })),
});

export const matchEvent = z.object({
  eventId: z.string(),
  seq: z.number().int(),
  type: z.string(),
  /** applied, held for a gap, or superseded by a snapshot. */
  state: eventStatus.exclude(['duplicate']),
  receivedAt: isoTime,
  body: z.record(z.string(), z.unknown()),
});

/** A match's feed: where it stands and its events, newest first. */
export const matchEvents = call({
  path: '/feed/match/events',
  request: pageRequest
    .extend({ matchId: z.number({ error: 'invalid_type' }).int('invalid').positive('invalid') })
    .strict(),
  response: envelope(
    pageResult(matchEvent).extend({
      providerId: z.string().nullable(),
      feedMatch: z.string().nullable(),
      seq: z.number().int(),
      feedState: z.enum(['ok', 'gap', 'stale']),
      heardAt: isoTime.nullable(),
    }),
  ),
});
