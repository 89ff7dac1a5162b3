import { eq } from 'drizzle-orm';
import { bets, ErrorCode } from '@breakshot/contracts';
import type { Conn } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { fullRates, profileOf, type Placement } from './profiles.js';
import { agentLinks, type AgentLinkRow } from './tables.js';

/** Whether a link takes registrations (and counts clicks): enabled and not expired. */
export const linkOpen = (link: Pick<AgentLinkRow, 'enabled' | 'expiresAt'>, now: Date): boolean =>
  link.enabled && (link.expiresAt === null || link.expiresAt > now);

/**
 * Where a registration through the invite link `code` places the player: under the link's
 * owner, on the link's terms, counted for the link. null when no link has this code; a disabled
 * or expired one is 400 'inviteLinkClosed'. The terms never exceed the owner's own as they are
 * now (its upline may have lowered them since the link was made).
 */
export async function linkPlacement(db: Conn, code: string, now: Date): Promise<Placement | null> {
  const [link] = await db.select().from(agentLinks).where(eq(agentLinks.code, code));
  if (!link) return null;
  if (!linkOpen(link, now)) {
    throw new AppError(ErrorCode.BAD_REQUEST, 'inviteLinkClosed', undefined, { field: 'inviteCode' });
  }
  const owner = await profileOf(db, link.ownerId);
  const offered = fullRates(link.rates);
  const kind = owner.kind === 'agent' ? link.kind : 'member';
  return {
    parentId: link.ownerId,
    kind,
    rates: Object.fromEntries(
      bets.gameTypes.map((g) => [g, Math.min(offered[g], owner.rates[g])]),
    ) as Placement['rates'],
    dividendRatioBp: kind === 'agent' ? Math.min(link.dividendRatioBp, owner.dividendRatioBp) : 0,
    linkId: link.id,
  };
}
