import { sql, type SQL } from 'drizzle-orm';
import type { push } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import { afterCommit, isTransaction, queryRows, type Tx } from '../../platform/db.js';
import { nudgeDelivery } from './delivery.js';
import type { PushNotice } from './tables.js';

/*
 * Pushes are queued in the transaction of what they tell of (a deposit's credit, a settlement…):
 * nothing is sent for a change rolled back, and nothing is lost to a crash after commit. One row
 * per subscribed browser of each player who has the kind on, while the session that subscribed it
 * lives (a browser its player logged out of hears nothing more), in the browser's language;
 * delivery.ts sends them.
 */

/** To these players (null: every player), each of their browsers, unless they switched the kind off. */
export async function queuePush(
  tx: Tx,
  ctx: AppContext,
  to: number[] | null,
  kind: push.PushKind,
  notice: PushNotice,
): Promise<void> {
  if (to === null)
    await queueRows(
      tx,
      ctx,
      kind,
      sql`SELECT s.id, ${JSON.stringify(notice)}::jsonb AS notice FROM push_subscriptions s`,
    );
  else
    await queuePushes(
      tx,
      ctx,
      kind,
      to.map((userId) => [userId, notice]),
    );
}

/** Each player's own notices (player, notice), in one statement however many (a settlement's). */
export async function queuePushes(
  tx: Tx,
  ctx: AppContext,
  kind: push.PushKind,
  notices: Iterable<[number, PushNotice]>,
): Promise<void> {
  const rows = [...notices].map(([u, n]) => ({ u, n }));
  if (rows.length === 0) return;
  await queueRows(
    tx,
    ctx,
    kind,
    sql`SELECT s.id, p.n AS notice FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS p(u bigint, n jsonb)
        JOIN push_subscriptions s ON s.user_id = p.u`,
  );
}

/**
 * Queues a push to each subscription `chosen` names (its id and notice), where the kind is on and
 * the subscribing session lives: the notice's title and body in the subscription's language.
 */
async function queueRows(tx: Tx, ctx: AppContext, kind: push.PushKind, chosen: SQL): Promise<void> {
  const now = ctx.now();
  const queued = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO push_outbox (subscription_id, kind, payload, next_attempt_at, created_at)
        SELECT c.id, ${kind},
               jsonb_build_object('title', c.notice->'title'->>s.lang, 'body', c.notice->'body'->>s.lang,
                                  'url', c.notice->'url', 'tag', c.notice->'tag'),
               ${now}, ${now}
        FROM (${chosen}) AS c
        JOIN push_subscriptions s ON s.id = c.id
        WHERE EXISTS (SELECT 1 FROM sessions x WHERE x.id = s.session_id AND x.revoked_at IS NULL AND x.expires_at > ${now})
          AND NOT EXISTS (SELECT 1 FROM push_kinds k WHERE k.user_id = s.user_id AND k.kind = ${kind} AND NOT k.allowed)
        RETURNING id`,
  );
  // Outside inTransaction's own transactions (none today) the ticker sends them within seconds.
  if (queued.length > 0 && isTransaction(tx)) afterCommit(tx, () => nudgeDelivery(ctx));
}
