import { and, asc, eq, gt, ilike, inArray, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PageRequest } from '@breakshot/contracts';
import type { Conn } from '../../platform/db.js';
import { pageOf } from '../../platform/paging.js';
import { users, userTree } from './tables.js';

/*
 * The invite tree as the agents module asks about it (operator console, transfers, cards): only
 * auth reads users and user_tree.
 */

export interface TreeFilter extends PageRequest {
  /** Part of the username, case-insensitive. */
  keyword?: string | undefined;
  /** Direct members of this player. */
  parentId?: number | undefined;
  /** Players without an upline. */
  topLevel?: boolean | undefined;
  /** A subquery of user ids the players must be among (another module's filter, e.g. agents only). */
  idsIn?: SQLWrapper | undefined;
}

export interface TreePlayer {
  id: number;
  username: string;
  parentId: number | null;
  status: (typeof users.$inferSelect)['status'];
  createdAt: Date;
}

const columns = {
  id: users.id,
  username: users.username,
  parentId: users.parentId,
  status: users.status,
  createdAt: users.createdAt,
};

/** Players matching the filter, oldest first. */
export function playersOfTree(db: Conn, filter: TreeFilter) {
  const conditions: (SQL | undefined)[] = [
    filter.keyword ? ilike(users.username, `%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
    filter.parentId !== undefined ? eq(users.parentId, filter.parentId) : undefined,
    filter.topLevel ? isNull(users.parentId) : undefined,
    filter.idsIn ? inArray(users.id, filter.idsIn) : undefined,
  ];
  const where = and(...conditions);
  return pageOf<TreePlayer>(
    filter,
    (limit, offset) => db.select(columns).from(users).where(where).orderBy(asc(users.id)).limit(limit).offset(offset),
    () => db.$count(users, where),
  );
}

/** Players by id (missing ids are left out). */
export async function treePlayersByIds(db: Conn, ids: number[]): Promise<Map<number, TreePlayer>> {
  if (ids.length === 0) return new Map();
  // execute(): sent when called (platform/db.ts, together()).
  const rows = await db
    .select(columns)
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]))
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** Direct members and whole team (everyone below) of each player, by id. */
export async function teamSizesOf(db: Conn, ids: number[]): Promise<Map<number, { direct: number; team: number }>> {
  const sizes = new Map(ids.map((id) => [id, { direct: 0, team: 0 }]));
  if (ids.length === 0) return sizes;
  const rows = await db
    .select({
      id: userTree.ancestorId,
      direct: sql<number>`count(*) FILTER (WHERE ${userTree.depth} = 1)`.mapWith(Number),
      team: sql<number>`count(*)`.mapWith(Number),
    })
    .from(userTree)
    .where(and(inArray(userTree.ancestorId, [...new Set(ids)]), gt(userTree.depth, 0)))
    .groupBy(userTree.ancestorId);
  for (const r of rows) sizes.set(r.id, { direct: r.direct, team: r.team });
  return sizes;
}
