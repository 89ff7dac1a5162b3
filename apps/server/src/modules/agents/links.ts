import { randomInt } from 'node:crypto';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { agent, ErrorCode, type Lang } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import { inTransaction, type Conn } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { localDate } from '../../platform/time-range.js';
import { inviteCodeOf } from '../auth/service.js';
import { getSysConfig } from '../system/service.js';
import { linkOpen } from './placement.js';
import { checkOffer, fullRates, profileOf } from './profiles.js';
import { agentLinkClicks, agentLinks, agentProfiles, memberTotals, type AgentLinkRow } from './tables.js';

/*
 * Invite links (addlianjie, lianjieDetails, /user/share): each registers players under its owner
 * on its terms (placement.ts), and counts its visitors: each once a day, a few per address.
 */

type NewLink = z.output<typeof agent.agentLinkAdd.request>;

const DAY_MS = 86_400_000;
/** No 0/O, 1/I/L: a code read aloud or typed from a poster is not mistaken. 31^8 ≈ 8.5e11 codes. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

const newCode = () =>
  Array.from({ length: agent.LINK_CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/** My links, newest first, with my own code and the one /user/share shows. */
export async function listLinks(db: Conn, ownerId: number) {
  const [list, inviteCode, [profile]] = await Promise.all([
    linkViews(db, eq(agentLinks.ownerId, ownerId)),
    inviteCodeOf(db, ownerId),
    db.select({ shareLinkId: agentProfiles.shareLinkId }).from(agentProfiles).where(eq(agentProfiles.userId, ownerId)),
  ]);
  return { list, inviteCode, shareLinkId: profile?.shareLinkId ?? null };
}

/** A new link on terms I may give (checkOffer: 422 otherwise), with a fresh unguessable code. */
export async function addLink(ctx: AppContext, ownerId: number, input: NewLink, lang: Lang): Promise<agent.InviteLink> {
  checkOffer(await profileOf(ctx.db, ownerId), input, lang);
  const now = ctx.now();
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const [row] = await ctx.db
      .insert(agentLinks)
      .values({
        ownerId,
        code: newCode(),
        kind: input.kind,
        rates: input.rates,
        dividendRatioBp: input.dividendRatioBp,
        remark: input.remark,
        expiresAt: input.validDays === null ? null : new Date(now.getTime() + input.validDays * DAY_MS),
        createdAt: now,
      })
      .onConflictDoNothing({ target: agentLinks.code })
      .returning();
    if (row) return toLink(row, 0, 0);
  }
  throw new Error('no free link code');
}

/** Enables or disables one of my links; another player's: 404 'agentLinkNotFound'. */
export async function setLinkStatus(db: Conn, ownerId: number, id: number, enabled: boolean) {
  const [row] = await db
    .update(agentLinks)
    .set({ enabled })
    .where(and(eq(agentLinks.id, id), eq(agentLinks.ownerId, ownerId)))
    .returning({ id: agentLinks.id });
  if (!row) throw linkNotFound('id');
  const [link] = await linkViews(db, eq(agentLinks.id, row.id));
  return link!;
}

/** Which link /user/share shows: one of mine (else 404), or null for my own code. */
export async function setShareLink(db: Conn, ownerId: number, linkId: number | null) {
  if (linkId !== null) {
    const [own] = await db
      .select({ id: agentLinks.id })
      .from(agentLinks)
      .where(and(eq(agentLinks.id, linkId), eq(agentLinks.ownerId, ownerId)));
    if (!own) throw linkNotFound('linkId');
  }
  await db.update(agentProfiles).set({ shareLinkId: linkId }).where(eq(agentProfiles.userId, ownerId));
  return { shareLinkId: linkId };
}

/** Visitors counted per client address, link and day: a household's, too few to inflate a count. */
export const VISITORS_PER_ADDRESS = 3;

/**
 * A visit of /:code by a visitor the server recognises (visitor-cookie.ts) from a client address
 * (ip-key.ts): counted when the code is an open link, this visitor has not been counted for it
 * today (site time zone) and fewer than VISITORS_PER_ADDRESS visitors from the address have
 * been. The link's row is locked first, so visits at once are counted one after the other.
 */
export async function countClick(ctx: AppContext, input: { code: string; visitor: string; address: string }) {
  const now = ctx.now();
  const day = localDate(now, (await getSysConfig(ctx.db)).timeZone);
  return inTransaction(ctx.db, async (tx) => {
    const [link] = await tx
      .select()
      .from(agentLinks)
      .where(eq(agentLinks.code, input.code.toUpperCase()))
      .for('no key update');
    if (!link || !linkOpen(link, now)) return { counted: false };
    const fromAddress = await tx.$count(
      agentLinkClicks,
      and(
        eq(agentLinkClicks.linkId, link.id),
        eq(agentLinkClicks.day, day),
        eq(agentLinkClicks.address, input.address),
      ),
    );
    if (fromAddress >= VISITORS_PER_ADDRESS) return { counted: false };
    const inserted = await tx
      .insert(agentLinkClicks)
      .values({ linkId: link.id, visitor: input.visitor, day, address: input.address })
      .onConflictDoNothing()
      .returning({ linkId: agentLinkClicks.linkId });
    if (inserted.length === 0) return { counted: false };
    await tx
      .update(agentLinks)
      .set({ clicks: sql`${agentLinks.clicks} + 1` })
      .where(eq(agentLinks.id, link.id));
    return { counted: true };
  });
}

/** Links with their registrations and first deposits, newest first. */
async function linkViews(db: Conn, where: SQL): Promise<agent.InviteLink[]> {
  const rows = await db
    .select({
      link: agentLinks,
      registrations: count(agentProfiles.userId),
      firstDeposits: count(memberTotals.firstDepositAt),
    })
    .from(agentLinks)
    .leftJoin(agentProfiles, eq(agentProfiles.linkId, agentLinks.id))
    .leftJoin(memberTotals, eq(memberTotals.userId, agentProfiles.userId))
    .where(where)
    .groupBy(agentLinks.id)
    .orderBy(desc(agentLinks.id));
  return rows.map((r) => toLink(r.link, r.registrations, r.firstDeposits));
}

function toLink(row: AgentLinkRow, registrations: number, firstDeposits: number): agent.InviteLink {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    rates: fullRates(row.rates),
    dividendRatioBp: row.dividendRatioBp,
    remark: row.remark,
    enabled: row.enabled,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    clicks: row.clicks,
    registrations,
    firstDeposits,
    createdAt: row.createdAt.toISOString(),
  };
}

const linkNotFound = (field: string) => new AppError(ErrorCode.NOT_FOUND, 'agentLinkNotFound', undefined, { field });
