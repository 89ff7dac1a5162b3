import { sql } from 'drizzle-orm';
import type { push } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import { afterCommit, isTransaction, queryRows, type Tx } from '../../platform/db.js';
import { nudgeDelivery } from './delivery.js';
import type { PushPayload } from './tables.js';

/*
 * Pushes are queued in the transaction of what they tell of (a deposit's credit, a settlement…):
 * nothing is sent for a change rolled back, and nothing is lost to a crash after commit. One row
 * per subscribed browser of each player who has the kind on, while the session that subscribed it
 * lives (a browser its player logged out of hears nothing more); delivery.ts sends them.
 */

/** To these players (null: every player), each of their browsers, unless they switched the kind off. */
export async function queuePush(
  tx: Tx,
  ctx: AppContext,
  to: number[] | null,
  kind: push.PushKind,
  payload: PushPayload,
): Promise<void> {
  if (to !== null && to.length === 0) return;
  const now = ctx.now();
  const players = to === null ? sql`TRUE` : sql`s.user_id = ANY(${`{${to.join(',')}}`}::bigint[])`;
  const queued = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO push_outbox (subscription_id, kind, payload, next_attempt_at, created_at)
        SELECT s.id, ${kind}, ${JSON.stringify(payload)}::jsonb, ${now}, ${now}
        FROM push_subscriptions s
        WHERE ${players}
          AND EXISTS (SELECT 1 FROM sessions x WHERE x.id = s.session_id AND x.revoked_at IS NULL AND x.expires_at > ${now})
          AND NOT EXISTS (SELECT 1 FROM push_kinds k WHERE k.user_id = s.user_id AND k.kind = ${kind} AND NOT k.allowed)
        RETURNING id`,
  );
  // Outside inTransaction's own transactions (none today) the ticker sends them within seconds.
  if (queued.length > 0 && isTransaction(tx)) afterCommit(tx, () => nudgeDelivery(ctx));
}
