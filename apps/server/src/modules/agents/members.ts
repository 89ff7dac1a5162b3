import { and, asc, count, desc, eq, gt, gte, ilike, inArray, lt, not, or, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { agent } from '@breakshot/contracts';
import type { Conn } from '../../platform/db.js';
import type { Page } from '../../platform/paging.js';
import { seenSince } from '../../platform/sessions.js';
import { sessions } from '../../platform/tables.js';
import { teamOf, teamSizesOf } from '../auth/service.js';
import { cashBalancesOf } from '../wallet/service.js';
import { agentProfiles, memberTotals } from './tables.js';

/*
 * The team list (user, ssuser). First the page's ids and the total, in one query over my part of
 * the closure table joined only with what the filters and the sort read (a member's lifetime
 * totals in member_totals, its sessions); then everything shown, for those ids only. A team of
 * 10,000 lists in well under 100 ms on PostgreSQL (bench/agent-members.bench.ts).
 */

type MembersInput = z.output<typeof agent.agentMembersRequest>;
type Team = ReturnType<typeof teamOf>;

/** One page of my direct members or whole team, with the filters, sort and order asked for. */
export async function listMembers(
  db: Conn,
  agentId: number,
  input: MembersInput,
  now: Date,
): Promise<Page<agent.TeamMember>> {
  const team = teamOf(db, agentId, input.scope);
  const online = onlineNow(team, now);
  const where = and(
    keywordCondition(team, input.keyword),
    input.from ? gte(team.createdAt, new Date(input.from)) : undefined,
    input.to ? lt(team.createdAt, new Date(input.to)) : undefined,
    input.online === undefined ? undefined : input.online ? online : not(online),
    input.deposited === undefined
      ? undefined
      : input.deposited
        ? gt(memberTotals.depositCount, 0)
        : eq(memberTotals.depositCount, 0),
  );
  const sortKey = {
    registered: team.createdAt,
    deposits: memberTotals.deposits,
    validBet: memberTotals.validBet,
    lastLogin: lastLoginOf(team),
  }[input.sort];
  // Never logged in counts as longest ago; equal keys keep the order of ids, so pages never overlap.
  const orderBy =
    input.order === 'asc'
      ? [sql`${sortKey} ASC NULLS FIRST`, asc(team.id)]
      : [sql`${sortKey} DESC NULLS LAST`, desc(team.id)];
  const withTotals = input.deposited !== undefined || input.sort === 'deposits' || input.sort === 'validBet';
  const matching = <T extends PgSelect>(query: T) =>
    (withTotals ? query.innerJoin(memberTotals, eq(memberTotals.userId, team.id)) : query).where(where);

  const page = await matching(
    db
      .select({ id: team.id, total: sql<number>`count(*) OVER ()`.mapWith(Number) })
      .from(team)
      .$dynamic(),
  )
    .orderBy(...orderBy)
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  // Past the last page no row tells the total.
  const total =
    page[0]?.total ??
    (input.page === 1 ? 0 : ((await matching(db.select({ n: count() }).from(team).$dynamic()))[0]?.n ?? 0));
  return {
    list: await membersByIds(
      db,
      team,
      page.map((r) => r.id),
      now,
    ),
    total,
    page: input.page,
    pageSize: input.pageSize,
  };
}

/** One member of my team as the list shows it (the caller has checked it is in my team). */
export async function teamMemberOf(db: Conn, agentId: number, memberId: number, now: Date): Promise<agent.TeamMember> {
  const [member] = await membersByIds(db, teamOf(db, agentId, 'team'), [memberId], now);
  if (!member) throw new Error(`member ${memberId} is not below ${agentId}`);
  return member;
}

/** A member's newest login (null: never). */
const lastLoginOf = (team: Team) =>
  sql<Date | null>`(SELECT max(${sessions.createdAt}) FROM ${sessions} WHERE ${eq(sessions.userId, team.id)})`;

/** Whether a member has a live session used within the last 15 minutes. */
const onlineNow = (team: Team, now: Date) =>
  sql<boolean>`EXISTS (SELECT 1 FROM ${sessions} WHERE ${and(eq(sessions.userId, team.id), seenSince(now))})`;

/** Part of the username (case-insensitive), or, when it is a number, also the member's id. */
function keywordCondition(team: Team, keyword: string | undefined): SQL | undefined {
  if (!keyword) return undefined;
  const byName = ilike(team.username, `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const id = /^\d{1,15}$/.test(keyword) ? Number(keyword) : null;
  return id === null ? byName : or(byName, eq(team.id, id));
}

/** The members of `team` with these ids, in this order, with everything the list shows. */
async function membersByIds(db: Conn, team: Team, ids: number[], now: Date): Promise<agent.TeamMember[]> {
  if (ids.length === 0) return [];
  const [rows, balances, sizes] = await Promise.all([
    db
      .select({
        id: team.id,
        username: team.username,
        vipLevel: team.vipLevel,
        createdAt: team.createdAt,
        depth: team.depth,
        kind: agentProfiles.kind,
        deposits: memberTotals.deposits,
        validBet: memberTotals.validBet,
        lastLoginAt: lastLoginOf(team).mapWith(sessions.createdAt),
        online: onlineNow(team, now),
      })
      .from(team)
      .innerJoin(agentProfiles, eq(agentProfiles.userId, team.id))
      .innerJoin(memberTotals, eq(memberTotals.userId, team.id))
      .where(inArray(team.id, ids)),
    cashBalancesOf(db, ids),
    teamSizesOf(db, ids),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        ...r,
        createdAt: r.createdAt.toISOString(),
        lastLoginAt: r.lastLoginAt?.toISOString() ?? null,
        balance: balances.get(id) ?? 0,
        teamSize: sizes.get(id)?.team ?? 0,
      },
    ];
  });
}
