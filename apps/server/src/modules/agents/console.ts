import { and, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { ErrorCode, type agentsAdmin, type Lang } from '@breakshot/contracts';
import { audited } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import type { Conn, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { emptyPage, pageWithTotal } from './amount-page.js';
import { withinTimeRange } from '../../platform/time-range.js';
import {
  agentChainOf,
  findPlayer,
  playersOfTree,
  teamSizesOf,
  treePlayersByIds,
  usernamesOf,
  type TreePlayer,
} from '../auth/service.js';
import { listLinks, setLinkStatus } from './links.js';
import { agentPasswordsSet } from './passwords.js';
import { fullRates, profileOf, ratesWithin, ratioFitsKind, type AgentTerms } from './profiles.js';
import { agentLinks, agentProfiles, agentTransfers } from './tables.js';

/*
 * The operator's agent section (contracts agents-admin.ts): players in the tree with their
 * terms, one player's upline chain and links, setting a player's kind, rates and dividend ratio
 * (audited), and the agent transfers.
 */

type In<K extends keyof typeof agentsAdmin> = (typeof agentsAdmin)[K] extends { request: infer R extends z.ZodType }
  ? z.output<R>
  : never;

/** The terms of players by id (a player without a profile row: a member with nothing). */
export async function termsOf(db: Conn, ids: number[]): Promise<Map<number, AgentTerms>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      userId: agentProfiles.userId,
      kind: agentProfiles.kind,
      rates: agentProfiles.rates,
      dividendRatioBp: agentProfiles.dividendRatioBp,
    })
    .from(agentProfiles)
    .where(inArray(agentProfiles.userId, ids));
  const terms = new Map(rows.map((r) => [r.userId, { ...r, rates: fullRates(r.rates) }]));
  return new Map(ids.map((id) => [id, terms.get(id) ?? { kind: 'member', rates: fullRates({}), dividendRatioBp: 0 }]));
}

/** Console rows of players: their terms, upline and team sizes, in a few queries. */
async function agentRows(db: Conn, players: TreePlayer[]): Promise<agentsAdmin.AgentRow[]> {
  const ids = players.map((p) => p.id);
  const parentIds = players.flatMap((p) => (p.parentId === null ? [] : [p.parentId]));
  const [terms, sizes, parents] = await Promise.all([
    termsOf(db, ids),
    teamSizesOf(db, ids),
    usernamesOf(db, parentIds),
  ]);
  return players.map((p) => {
    const t = terms.get(p.id)!;
    const size = sizes.get(p.id) ?? { direct: 0, team: 0 };
    return {
      id: p.id,
      username: p.username,
      kind: t.kind,
      parent: p.parentId === null ? null : { id: p.parentId, username: parents.get(p.parentId) ?? '' },
      rates: t.rates,
      dividendRatioBp: t.dividendRatioBp,
      directCount: size.direct,
      teamCount: size.team,
      createdAt: p.createdAt.toISOString(),
    };
  });
}

/** Players by name part and/or the direct members of `parentId`; top-level players when neither. */
export async function listAgents(db: Conn, input: In<'agentsList'>) {
  const page = await playersOfTree(db, {
    page: input.page,
    pageSize: input.pageSize,
    keyword: input.keyword || undefined,
    parentId: input.parentId,
    topLevel: !input.keyword && input.parentId === undefined,
    idsIn: input.kind
      ? db.select({ id: agentProfiles.userId }).from(agentProfiles).where(eq(agentProfiles.kind, input.kind))
      : undefined,
  });
  return { ...page, list: await agentRows(db, page.list) };
}

async function playerOf(db: Conn, id: number): Promise<TreePlayer> {
  const player = (await treePlayersByIds(db, [id])).get(id);
  if (!player) throw new AppError(ErrorCode.NOT_FOUND, 'userNotFound');
  return player;
}

/** One player: row, upline chain (nearest first), invite links and which agent passwords are set. */
export async function agentDetailsOf(db: Conn, id: number) {
  const [row] = await agentRows(db, [await playerOf(db, id)]);
  const chainIds = await agentChainOf(db, id);
  const names = await usernamesOf(db, chainIds);
  const passwords = await agentPasswordsSet(db, id);
  return {
    ...row!,
    chain: chainIds.map((c, i) => ({ id: c, username: names.get(c) ?? '', depth: i + 1 })),
    links: (await listLinks(db, id)).list,
    hasSecurityPassword: passwords.security,
    hasRechargePassword: passwords.recharge,
  };
}

/**
 * Sets a player's kind, rates and dividend ratio, audited with before and after. A top-level
 * player may get anything up to the maxima; a player with an upline no more than the upline's
 * own (422), and a member no ratio (422). Lowering a player below what its own members hold is
 * allowed: their terms stay, and commission is differential (never negative) anyway.
 */
export async function saveAgentProfile(ctx: AppContext, operator: string, input: In<'agentProfileSave'>, lang: Lang) {
  const player = await playerOf(ctx.db, input.id);
  ratioFitsKind(input.kind, input.dividendRatioBp);
  const terms = { kind: input.kind, rates: input.rates, dividendRatioBp: input.dividendRatioBp };
  await audited(
    ctx,
    operator,
    async (tx) => {
      if (player.parentId !== null) {
        ratesWithin(input.rates, input.dividendRatioBp, await profileOf(tx, player.parentId), lang, 'upline');
      }
      const before = await lockedTerms(tx, player.id);
      await tx
        .insert(agentProfiles)
        .values({ userId: player.id, ...terms, updatedAt: ctx.now() })
        .onConflictDoUpdate({ target: agentProfiles.userId, set: { ...terms, updatedAt: ctx.now() } });
      return before;
    },
    (before) => ({
      action: 'agents.profile.save',
      target: player.username,
      payload: input,
      before: before && { ...before },
      after: { ...terms },
    }),
  );
  const [row] = await agentRows(ctx.db, [player]);
  return row!;
}

/** The player's stored terms, its profile row locked until the transaction ends. */
async function lockedTerms(tx: Tx, userId: number): Promise<AgentTerms | null> {
  const [row] = await tx
    .select({ kind: agentProfiles.kind, rates: agentProfiles.rates, dividendRatioBp: agentProfiles.dividendRatioBp })
    .from(agentProfiles)
    .where(eq(agentProfiles.userId, userId))
    .for('update');
  return row ? { ...row, rates: fullRates(row.rates) } : null;
}

/** Enables or disables any player's invite link (404 'agentLinkNotFound'), audited with before and after. */
export async function setLinkStatusAudited(ctx: AppContext, operator: string, input: In<'agentLinkStatusSave'>) {
  const { link } = await audited(
    ctx,
    operator,
    async (tx) => {
      const [row] = await tx
        .select({ ownerId: agentLinks.ownerId, enabled: agentLinks.enabled })
        .from(agentLinks)
        .where(eq(agentLinks.id, input.id))
        .for('update');
      if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'agentLinkNotFound', undefined, { field: 'id' });
      return { before: row.enabled, link: await setLinkStatus(tx, row.ownerId, input.id, input.enabled) };
    },
    ({ before, link }) => ({
      action: 'agents.link.setStatus',
      target: `agent_link:${link.id}`,
      payload: input,
      before: { enabled: before },
      after: { enabled: link.enabled },
    }),
  );
  return link;
}

/** Agent transfers, newest first, of one player (as agent or member) and/or a period; with their total. */
export async function listTransfers(db: Conn, input: In<'agentTransfersList'>) {
  const conditions: (SQL | undefined)[] = withinTimeRange(agentTransfers.createdAt, input);
  if (input.username) {
    const player = await findPlayer(db, input.username);
    if (!player) return emptyPage(input);
    conditions.push(or(eq(agentTransfers.agentId, player.id), eq(agentTransfers.memberId, player.id)));
  }
  const page = await pageWithTotal(
    db,
    input,
    agentTransfers,
    and(...conditions),
    [desc(agentTransfers.createdAt), desc(agentTransfers.id)],
    agentTransfers.amount,
  );
  const names = await usernamesOf(
    db,
    page.list.flatMap((r) => [r.agentId, r.memberId]),
  );
  return {
    ...page,
    list: page.list.map((r) => ({
      id: r.id,
      agentId: r.agentId,
      agentUsername: names.get(r.agentId) ?? '',
      memberId: r.memberId,
      memberUsername: names.get(r.memberId) ?? '',
      amount: r.amount,
      turnoverMultiple: r.turnoverMultiple,
      remark: r.remark,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
