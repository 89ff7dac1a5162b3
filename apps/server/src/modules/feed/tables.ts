import { bigserial, boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Feed providers (drizzle/0041_feed.sql): who may post match events, with what key. */
export const feedProviders = pgTable('feed_providers', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** The HMAC key, sealed (platform/secret-box.ts). */
  secret: text('secret').notNull(),
  keyHint: text('key_hint').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  staleSeconds: integer('stale_seconds').notNull().default(20),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type FeedProviderRow = typeof feedProviders.$inferSelect;

/** Every event a provider posted, as posted: applied, held for a gap, or superseded by a snapshot. */
export const feedEvents = pgTable('feed_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  providerId: text('provider_id').notNull(),
  eventId: text('event_id').notNull(),
  matchRef: text('match_ref').notNull(),
  seq: integer('seq').notNull(),
  type: text('type').notNull(),
  body: jsonb('body').$type<Record<string, unknown>>().notNull(),
  bodyHash: text('body_hash').notNull(),
  state: text('state', { enum: ['applied', 'held', 'superseded'] }).notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
});
export type FeedEventRow = typeof feedEvents.$inferSelect;
