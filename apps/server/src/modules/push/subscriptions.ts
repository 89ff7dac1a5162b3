import { and, eq, ne, sql } from 'drizzle-orm';
import { ErrorCode, push, type Lang } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import { inTransaction, lockKey, type Conn } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { endpointAllowed } from './endpoints.js';
import { pushKinds, pushSubscriptions } from './tables.js';

/** A player's subscribed browsers and chosen kinds; every query is scoped by the session's player. */

/** The most browsers a player keeps subscribed: a new one beyond it replaces the oldest. */
export const MAX_DEVICES = 10;
/** Arbitrary constant: the per-player lock of subscription changes (the cap holds under repeats). */
const SUBSCRIBE_LOCK = 7_205_017;
const USER_AGENT_CHARS = 300;

type Subscription = { endpoint: string; keys: { p256dh: string; auth: string }; deviceId: string };

export async function pushSettingsOf(db: Conn, userId: number): Promise<push.PushSettings> {
  const [chosen, devices] = await Promise.all([
    db.select().from(pushKinds).where(eq(pushKinds.userId, userId)),
    db.$count(pushSubscriptions, eq(pushSubscriptions.userId, userId)),
  ]);
  const off = new Set(chosen.filter((k) => !k.allowed).map((k) => k.kind));
  return {
    kinds: Object.fromEntries(push.pushKinds.map((k) => [k, !off.has(k)])) as push.PushSettings['kinds'],
    devices,
  };
}

/**
 * This browser's subscription, for the player and this session: its endpoint's row (made, or taken
 * over from whoever had the browser before) and no other of the player's rows for the same browser.
 * Its pushes are written in the app's language of this call.
 */
export async function subscribe(
  ctx: AppContext,
  session: { userId: number; sessionId: number },
  s: Subscription,
  browser: { userAgent: string; lang: Lang },
) {
  const { userId, sessionId } = session;
  if (!endpointAllowed(s.endpoint, ctx.push)) {
    throw new AppError(ErrorCode.BAD_REQUEST, 'pushEndpointRefused', undefined, { field: 'endpoint' });
  }
  const row = {
    userId,
    sessionId,
    endpoint: s.endpoint,
    p256dh: s.keys.p256dh,
    auth: s.keys.auth,
    deviceId: s.deviceId,
    userAgent: browser.userAgent.slice(0, USER_AGENT_CHARS),
    lang: browser.lang,
    createdAt: ctx.now(),
  };
  await inTransaction(ctx.db, async (tx) => {
    await lockKey(tx, SUBSCRIBE_LOCK, userId);
    const mine = eq(pushSubscriptions.userId, userId);
    await tx
      .delete(pushSubscriptions)
      .where(and(mine, eq(pushSubscriptions.deviceId, s.deviceId), ne(pushSubscriptions.endpoint, s.endpoint)));
    await tx
      .insert(pushSubscriptions)
      .values(row)
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...row, lastSuccessAt: null } });
    await tx.execute(sql`DELETE FROM push_subscriptions WHERE id IN (
      SELECT id FROM push_subscriptions WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC OFFSET ${MAX_DEVICES})`);
  });
  return pushSettingsOf(ctx.db, userId);
}

/** Forgets the player's subscription of this endpoint (none: nothing to do). */
export async function unsubscribe(db: Conn, userId: number, endpoint: string) {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  return pushSettingsOf(db, userId);
}

export async function setKinds(db: Conn, userId: number, kinds: Partial<Record<push.PushKind, boolean>>) {
  const rows = Object.entries(kinds).map(([kind, allowed]) => ({ userId, kind: kind as push.PushKind, allowed }));
  if (rows.length > 0) {
    await db
      .insert(pushKinds)
      .values(rows)
      .onConflictDoUpdate({ target: [pushKinds.userId, pushKinds.kind], set: { allowed: sql`excluded.allowed` } });
  }
  return pushSettingsOf(db, userId);
}
