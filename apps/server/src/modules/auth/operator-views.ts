import { and, desc, eq, gte, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { PageRequest } from '@breakshot/contracts';
import type { Conn } from '../../platform/db.js';
import { pageOf } from '../../platform/paging.js';
import { users } from './tables.js';
import { localDay } from '../../platform/time-range.js';

/*
 * The players as operators see them (the console's players section and queues).
 */

export interface PlayerFilter extends PageRequest {
  /** Part of the username, case-insensitive. */
  q?: string | undefined;
  status?: 'active' | 'disabled' | undefined;
}

const columns = {
  id: users.id,
  username: users.username,
  nickname: users.nickname,
  status: users.status,
  vipLevel: users.vipLevel,
  createdAt: users.createdAt,
};

/** Players matching the filter, newest first. */
export function listPlayers(db: Conn, filter: PlayerFilter) {
  const conditions: (SQL | undefined)[] = [filter.status ? eq(users.status, filter.status) : undefined];
  if (filter.q) conditions.push(ilike(users.username, `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  const where = and(...conditions);
  return pageOf(
    filter,
    (limit, offset) => db.select(columns).from(users).where(where).orderBy(desc(users.id)).limit(limit).offset(offset),
    () => db.$count(users, where),
  );
}

/** A player's record for the operator, with the upline's name; undefined: no such player. */
export async function playerProfile(db: Conn, username: string) {
  const [row] = await db
    .select({ ...columns, mobile: users.mobile, inviteCode: users.inviteCode, parentId: users.parentId })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.trim().toLowerCase()}`);
  if (!row) return undefined;
  const [parent] = row.parentId
    ? await db.select({ username: users.username }).from(users).where(eq(users.id, row.parentId))
    : [];
  return { ...row, upline: parent?.username ?? null };
}

/** Name and registration time of players by id. */
export async function playersByIds(
  db: Conn,
  ids: number[],
): Promise<Map<number, { username: string; createdAt: Date }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, username: users.username, createdAt: users.createdAt })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, { username: r.username, createdAt: r.createdAt }]));
}

/** Registrations per day (the time zone's dates) since `from`. */
export async function newPlayersByDay(db: Conn, from: Date, timeZone: string): Promise<Map<string, number>> {
  const day = localDay(users.createdAt, timeZone);
  const rows = await db
    .select({ day, count: sql<number>`count(*)`.mapWith(Number) })
    .from(users)
    .where(gte(users.createdAt, from))
    .groupBy(sql`1`);
  return new Map(rows.map((r) => [r.day, r.count]));
}
