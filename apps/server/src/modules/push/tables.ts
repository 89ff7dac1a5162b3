import { bigint, bigserial, boolean, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { Lang, push } from '@breakshot/contracts';

/** Tables of drizzle/0069_push.sql and 0070_push_lang.sql (web push). */

/** A browser's push subscription: its endpoint and the keys payloads are encrypted to (RFC 8291). */
export const pushSubscriptions = pgTable('push_subscriptions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  /** The session that subscribed it: pushes stop once it has ended. */
  sessionId: bigint('session_id', { mode: 'number' }).notNull(),
  endpoint: text('endpoint').notNull().unique(),
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  deviceId: text('device_id').notNull(),
  userAgent: text('user_agent').notNull().default(''),
  /** The language its pushes are written in: the app's when it registered the subscription. */
  lang: text('lang').$type<Lang>().notNull().default('zh-CN'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
});
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** A kind the player switched on or off (no row: on). */
export const pushKinds = pgTable(
  'push_kinds',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    kind: text('kind').$type<push.PushKind>().notNull(),
    allowed: boolean('allowed').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/** What a push tells, in each language: each browser is sent its own (outbox.ts). */
export interface PushNotice {
  title: Record<Lang, string>;
  body: Record<Lang, string>;
  url: string;
  tag: string;
}

/** What a push shows (the service worker's notification: apps/web/src/pwa/push-handler.ts). */
export interface PushPayload {
  title: string;
  body: string;
  /** The app route the notification opens. */
  url: string;
  /** Notifications of one tag replace each other on the device. */
  tag: string;
}

/** Pushes to send, written in the transaction of what they tell of (delivery.ts sends them). */
export const pushOutbox = pgTable('push_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  subscriptionId: bigint('subscription_id', { mode: 'number' }).notNull(),
  kind: text('kind').$type<push.PushKind>().notNull(),
  payload: jsonb('payload').$type<PushPayload>().notNull(),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
