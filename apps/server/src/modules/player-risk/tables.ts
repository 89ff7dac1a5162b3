import { bigint, bigserial, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** A player's tags (drizzle/0053_player_risk.sql). */
export const playerTags = pgTable(
  'player_tags',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    tag: text('tag').notNull(),
    taggedBy: text('tagged_by').notNull(),
    taggedAt: timestamp('tagged_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tag] })],
);

/** Operators' notes on a player, kept as written. */
export const playerNotes = pgTable('player_notes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  body: text('body').notNull(),
  writtenBy: text('written_by').notNull(),
  writtenAt: timestamp('written_at', { withTimezone: true }).notNull(),
});

/** What a player has bound that another may share, kept after it changes (drizzle/0056). */
export const playerIdentifiers = pgTable(
  'player_identifiers',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** account: a withdrawal account's keyed hash; mobile: the number, as users keeps it. */
    kind: text('kind').$type<'account' | 'mobile'>().notNull(),
    key: text('key').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.key] })],
);
