import { and, count, eq, gt, gte, sql, type SQL } from 'drizzle-orm';
import type { Conn } from '../../platform/db.js';
import { users, userTree } from './tables.js';

/*
 * The invite tree as the agent area reads it (docs/design.md §8 Agents): a player's team, its counts
 * and the records of its members. The agents module joins `teamOf` with its own tables.
 */

export type TeamScope = 'direct' | 'team';

/**
 * The players below `ancestorId` (direct: depth 1; team: every depth ≥ 1) as a subquery named
 * `team` to join and filter on: id, depth, username, vipLevel, createdAt. users is LEFT JOINed:
 * its foreign key makes the row exist, and so PostgreSQL skips reading users altogether when a
 * query uses none of its columns (a team sorted by deposits pages 10,000 members faster).
 */
export function teamOf(db: Conn, ancestorId: number, scope: TeamScope) {
  return db
    .select({
      id: userTree.descendantId,
      depth: userTree.depth,
      username: sql<string>`${users.username}`.as('username'),
      vipLevel: sql<number>`${users.vipLevel}`.as('vip_level'),
      createdAt: sql<Date>`${users.createdAt}`.mapWith(users.createdAt).as('created_at'),
    })
    .from(userTree)
    .leftJoin(users, eq(users.id, userTree.descendantId))
    .where(and(eq(userTree.ancestorId, ancestorId), scope === 'direct' ? eq(userTree.depth, 1) : gt(userTree.depth, 0)))
    .as('team');
}

/** Direct members, the whole team below, and those of the team registered since `since`. */
export async function teamCounts(
  db: Conn,
  ancestorId: number,
  since: Date,
): Promise<{ direct: number; team: number; newSince: number }> {
  const [row] = await db
    .select({
      direct: sql<number>`count(*) FILTER (WHERE ${userTree.depth} = 1)`.mapWith(Number),
      team: count(),
      newSince: sql<number>`count(*) FILTER (WHERE ${gte(users.createdAt, since)})`.mapWith(Number),
    })
    .from(userTree)
    .innerJoin(users, eq(users.id, userTree.descendantId))
    .where(and(eq(userTree.ancestorId, ancestorId), gt(userTree.depth, 0)));
  return { direct: row?.direct ?? 0, team: row?.team ?? 0, newSince: row?.newSince ?? 0 };
}

/** What an agent sees of a team member besides the list's row: nickname, mobile and upline. */
export async function memberRecord(
  db: Conn,
  userId: number,
): Promise<{ nickname: string; mobile: string | null; upline: { id: number; username: string } } | undefined> {
  const [row] = await db
    .select({ nickname: users.nickname, mobile: users.mobile, parentId: users.parentId })
    .from(users)
    .where(eq(users.id, userId));
  if (!row || row.parentId === null) return undefined;
  const [parent] = await db.select({ username: users.username }).from(users).where(eq(users.id, row.parentId));
  return { nickname: row.nickname, mobile: row.mobile, upline: { id: row.parentId, username: parent?.username ?? '' } };
}

/** The player's own invite code. */
export async function inviteCodeOf(db: Conn, userId: number): Promise<string> {
  const [row] = await db.select({ inviteCode: users.inviteCode }).from(users).where(eq(users.id, userId));
  return row?.inviteCode ?? '';
}

/**
 * Every player's agents (its invite-tree ancestors, depth ≥ 1) as a subquery named `uplines` to
 * join on memberId: memberId, agentId, depth. Settlement walks each bettor's path with it.
 */
export function uplinesOf(db: Conn) {
  return db
    .select({ memberId: userTree.descendantId, agentId: userTree.ancestorId, depth: userTree.depth })
    .from(userTree)
    .where(gt(userTree.depth, 0))
    .as('uplines');
}

/**
 * Every player's top-level team as rows (user_id, team_id, team_name, members): the team of a
 * player nobody invited is the player's own and everyone below; `members` counts those below.
 * A player nobody invited and who invited nobody is in no team: team_id 0, team_name null.
 */
export const topTeamsOfPlayers = (): SQL => sql`
  SELECT user_id, CASE WHEN members > 0 THEN root_id ELSE 0 END AS team_id,
    CASE WHEN members > 0 THEN root_name END AS team_name, members
  FROM (
    SELECT ${userTree.descendantId} AS user_id, ${userTree.ancestorId} AS root_id, ${users.username} AS root_name,
      count(*) OVER (PARTITION BY ${userTree.ancestorId}) - 1 AS members
    FROM ${userTree} JOIN ${users} ON ${users.id} = ${userTree.ancestorId}
    WHERE ${users.parentId} IS NULL
  ) rooted`;
