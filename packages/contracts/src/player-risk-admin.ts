import { z } from 'zod';
import { envelope, isoTime } from './common.js';
import { str } from './fields.js';
import { defineAdminCall } from './operator-calls.js';

/*
 * What operators keep on a player to judge them by (docs/design.md §9, "Player risk"): tags, set
 * by risk and shown wherever the player's bets and withdrawals are, and notes, which anyone who
 * reads the player may add and nobody edits (POST under ADMIN_PREFIX; operator-calls.ts has the
 * roles).
 */

/** The tags the console offers; any other short word is a custom tag. */
export const presetTags = ['vip', 'sharp', 'bonus_hunter', 'watch'] as const;
export const MAX_TAGS = 8;
export const MAX_NOTE = 500;
/** Notes a read returns, newest first. */
export const NOTES_SHOWN = 50;

export const playerTag = str()
  .trim()
  .min(1, 'required')
  .max(16, 'too_long')
  .regex(/^[\p{L}\p{N}_-]+$/u, 'tag.format');

const userId = z.number({ error: 'invalid_type' }).int('invalid').positive('invalid');

export const playerNote = z.object({
  id: z.number().int(),
  body: z.string(),
  /** The operator who wrote it. */
  by: z.string(),
  at: isoTime,
});
export type PlayerNote = z.infer<typeof playerNote>;

export const playerRiskView = z.object({
  userId: z.number().int(),
  tags: z.array(z.string()),
  /** The newest NOTES_SHOWN, newest first. */
  notes: z.array(playerNote),
  /** Notes in all. */
  noteCount: z.number().int(),
});
export type PlayerRiskView = z.infer<typeof playerRiskView>;

export const playerRisk = defineAdminCall({
  roles: ['finance', 'risk'],
  path: '/players/risk',
  request: z.strictObject({ userId }),
  response: envelope(playerRiskView),
});

/** Replaces the player's tags (audited with what they were). */
export const playerTagsSet = defineAdminCall({
  roles: ['risk'],
  path: '/players/risk/tags',
  request: z.strictObject({
    userId,
    tags: z
      .array(playerTag)
      .max(MAX_TAGS, 'tags.tooMany')
      .refine((tags) => new Set(tags).size === tags.length, 'tags.duplicate'),
  }),
  response: envelope(playerRiskView),
});

/** Adds a note to the player (audited); notes are kept as written. */
export const playerNoteAdd = defineAdminCall({
  roles: ['finance', 'risk'],
  path: '/players/risk/notes',
  request: z.strictObject({ userId, body: str().trim().min(1, 'required').max(MAX_NOTE, 'too_long') }),
  response: envelope(playerRiskView),
});

/*
 * Linked accounts (docs/design.md §9, "Linked accounts"): players who share what one person
 * usually has alone — the app's device id, a client address within ADDRESS_LINK_DAYS, a
 * withdrawal account (compared by a keyed hash) or a mobile, now or before.
 */
export const linkReasons = ['device', 'address', 'account', 'mobile'] as const;
export type LinkReason = (typeof linkReasons)[number];
export const ADDRESS_LINK_DAYS = 30;
/** Linked players a read returns, those sharing the most first. */
export const LINKS_SHOWN = 50;

export const linkedPlayer = z.object({
  userId: z.number().int(),
  username: z.string(),
  reasons: z.array(z.enum(linkReasons)),
  tags: z.array(z.string()),
});
export type LinkedPlayer = z.infer<typeof linkedPlayer>;

export const playerLinks = defineAdminCall({
  roles: ['finance', 'risk'],
  path: '/players/risk/links',
  request: z.strictObject({ userId }),
  response: envelope(z.object({ list: z.array(linkedPlayer), total: z.number().int() })),
});
