import { boolean, doublePrecision, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The demo feed's matches (drizzle/0042_demo_feed.sql): each one's draw and how far it has been sent. */
export const demoFeedMatches = pgTable('demo_feed_matches', {
  ref: text('ref').primaryKey(),
  /** Sealed until the match has ended (secret-box.ts). */
  serverSeed: text('server_seed').notNull(),
  seedHash: text('seed_hash').notNull(),
  playerA: text('player_a').notNull(),
  playerB: text('player_b').notNull(),
  bestOf: integer('best_of').notNull(),
  frameWinA: doublePrecision('frame_win_a').notNull(),
  startAt: timestamp('start_at', { withTimezone: true }).notNull(),
  /** Events the feed API has acknowledged, from the first. */
  sent: integer('sent').notNull().default(0),
  finished: boolean('finished').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type DemoFeedMatchRow = typeof demoFeedMatches.$inferSelect;
