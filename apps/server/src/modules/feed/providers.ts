import { eq, sql } from 'drizzle-orm';
import type { feedAdmin } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import { queryRows, type Conn, type Tx } from '../../platform/db.js';
import { feedMatchCounts, type FeedMatchCounts } from '../taiqiu/service.js';
import { keyOf, newFeedKey, sealKey } from './keys.js';
import { feedProviders, type FeedProviderRow } from './tables.js';

/* Feed providers: who may post, with which key, and how each is doing. */

export const providerOf = async (db: Conn, id: string): Promise<FeedProviderRow | null> =>
  (await db.select().from(feedProviders).where(eq(feedProviders.id, id)))[0] ?? null;

export interface ProviderSettings {
  id: string;
  name: string;
  enabled: boolean;
  staleSeconds: number;
}

/** Adds the provider with the key unless it is there; whether it added it. */
async function addProvider(tx: Tx, ctx: AppContext, p: ProviderSettings, key: string): Promise<boolean> {
  const made = await tx
    .insert(feedProviders)
    .values({ ...p, ...sealKey(ctx.secrets, p.id, key), createdAt: ctx.now(), updatedAt: ctx.now() })
    .onConflictDoNothing()
    .returning({ id: feedProviders.id });
  return made.length > 0;
}

/** Adds the provider with a new key (returned, to be shown once) or changes its settings (null). */
export async function saveProvider(tx: Tx, ctx: AppContext, p: ProviderSettings): Promise<string | null> {
  const key = newFeedKey();
  if (await addProvider(tx, ctx, p, key)) return key;
  await tx
    .update(feedProviders)
    .set({ name: p.name, enabled: p.enabled, staleSeconds: p.staleSeconds, updatedAt: ctx.now() })
    .where(eq(feedProviders.id, p.id));
  return null;
}

/** Sets the provider's key; false when there is no such provider. */
export async function setProviderKey(tx: Tx, ctx: AppContext, id: string, key: string): Promise<boolean> {
  const rows = await tx
    .update(feedProviders)
    .set({ ...sealKey(ctx.secrets, id, key), updatedAt: ctx.now() })
    .where(eq(feedProviders.id, id))
    .returning({ id: feedProviders.id });
  return rows.length > 0;
}

/** The provider's key (creating the provider, enabled, if it is not there): for a feed client of this server. */
export async function ensureProviderKey(tx: Tx, ctx: AppContext, p: ProviderSettings): Promise<string> {
  await addProvider(tx, ctx, p, newFeedKey());
  return keyOf(ctx.secrets, (await providerOf(tx, p.id))!);
}

interface EventCounts {
  provider_id: string;
  last_event_at: Date | string | null;
  events_last_hour: number;
  held_events: number;
}

/** Every provider with its health: its last event, the last hour's events, what is held, its live matches by state. */
export async function providersWithHealth(db: Conn, now: Date): Promise<feedAdmin.FeedProvider[]> {
  const rows = await db.select().from(feedProviders).orderBy(feedProviders.id);
  const counts = await queryRows<EventCounts>(
    db,
    sql`SELECT provider_id, max(received_at) AS last_event_at,
          count(*) FILTER (WHERE received_at >= ${new Date(now.getTime() - 3_600_000)})::int AS events_last_hour,
          count(*) FILTER (WHERE state = 'held')::int AS held_events
        FROM feed_events GROUP BY provider_id`,
  );
  const events = new Map(counts.map((c) => [c.provider_id, c]));
  const matches = await feedMatchCounts(db);
  return rows.map((p) => toProvider(p, events.get(p.id), matches.get(p.id)));
}

function toProvider(p: FeedProviderRow, e: EventCounts | undefined, m: FeedMatchCounts | undefined) {
  return {
    id: p.id,
    name: p.name,
    enabled: p.enabled,
    staleSeconds: p.staleSeconds,
    keyHint: p.keyHint,
    lastEventAt: e?.last_event_at ? new Date(e.last_event_at).toISOString() : null,
    eventsLastHour: e?.events_last_hour ?? 0,
    heldEvents: e?.held_events ?? 0,
    liveMatches: m?.live ?? 0,
    gapMatches: m?.gap ?? 0,
    staleMatches: m?.stale ?? 0,
  } satisfies feedAdmin.FeedProvider;
}
