import { sql } from 'drizzle-orm';
import { playerRiskAdmin as contract } from '@breakshot/contracts';
import { isAnyOf, queryRows, type Conn } from '../../platform/db.js';
import { sharedSessions } from '../../platform/shared-sessions.js';
import { usernamesOf } from '../auth/service.js';
import { playerIdentifiers } from './tables.js';
import { tagsOf } from './tags.js';
import { refuseUnlessPlayer } from './risk.js';

/*
 * Linked accounts (docs/design.md §9, "Linked accounts"): for a player, the others who shared a
 * device, an address within ADDRESS_LINK_DAYS, a withdrawal account or a mobile, and why.
 */

type LinkReason = contract.LinkReason;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Keeps what a player bound (a withdrawal account's keyed hash, a mobile) for good. */
export async function noteIdentifier(
  db: Conn,
  userId: number,
  kind: 'account' | 'mobile',
  key: string,
  at: Date,
): Promise<void> {
  await db.insert(playerIdentifiers).values({ userId, kind, key, firstSeenAt: at }).onConflictDoNothing();
}

/** For each of `userIds`, the players linked to it, with the reasons. */
export async function linksOf(
  db: Conn,
  userIds: number[],
  now: Date,
): Promise<Map<number, Map<number, Set<LinkReason>>>> {
  const links = new Map<number, Map<number, Set<LinkReason>>>();
  const add = (userId: number, otherId: number, reason: LinkReason) => {
    const mine = links.get(userId) ?? new Map<number, Set<LinkReason>>();
    links.set(userId, mine.set(otherId, (mine.get(otherId) ?? new Set()).add(reason)));
  };
  const since = new Date(now.getTime() - contract.ADDRESS_LINK_DAYS * DAY_MS);
  const [sessions, identifiers] = await Promise.all([
    sharedSessions(db, userIds, since),
    sharedIdentifiers(db, userIds),
  ]);
  for (const s of sessions) add(s.userId, s.otherId, s.reason);
  for (const s of identifiers) add(s.userId, s.otherId, s.kind);
  return links;
}

/** How many players are linked to each of `userIds` (none: absent). */
export async function linkCountsOf(db: Conn, userIds: number[], now: Date): Promise<Map<number, number>> {
  const links = await linksOf(db, userIds, now);
  return new Map([...links].map(([userId, others]) => [userId, others.size]));
}

/** The console's list: the players sharing the most first, LINKS_SHOWN of them. */
export async function linkedPlayersOf(db: Conn, userId: number, now: Date) {
  await refuseUnlessPlayer(db, userId);
  const others = (await linksOf(db, [userId], now)).get(userId) ?? new Map<number, Set<LinkReason>>();
  const shown = [...others].sort(([a, ra], [b, rb]) => rb.size - ra.size || a - b).slice(0, contract.LINKS_SHOWN);
  const ids = shown.map(([id]) => id);
  const [names, tags] = await Promise.all([usernamesOf(db, ids), tagsOf(db, ids)]);
  const list = shown.map(([id, reasons]) => ({
    userId: id,
    username: names.get(id) ?? '',
    reasons: contract.linkReasons.filter((r) => reasons.has(r)),
    tags: tags.get(id) ?? [],
  }));
  return { list, total: others.size };
}

/** Pairs of players who bound the same withdrawal account or mobile. */
async function sharedIdentifiers(db: Conn, userIds: number[]) {
  if (userIds.length === 0) return [];
  return queryRows<{ userId: number; otherId: number; kind: 'account' | 'mobile' }>(
    db,
    sql`SELECT DISTINCT a.user_id::float8 AS "userId", b.user_id::float8 AS "otherId", a.kind
          FROM player_identifiers a
          JOIN player_identifiers b ON b.kind = a.kind AND b.key = a.key AND b.user_id <> a.user_id
         WHERE ${isAnyOf(sql.raw('a.user_id'), userIds)}`,
  );
}
