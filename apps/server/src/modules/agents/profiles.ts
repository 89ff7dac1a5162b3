import { eq, inArray } from 'drizzle-orm';
import { bets, ErrorCode, fieldLabel, type agent, type Lang } from '@breakshot/contracts';
import type { Conn, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { agentProfiles, memberTotals, type StoredRates } from './tables.js';

type CommissionRates = agent.CommissionRates;
type MemberKind = agent.MemberKind;

/*
 * Agent profiles: a player's kind, commission rates and dividend ratio (docs/design.md §8), and the
 * rule that whatever an agent gives (a link, an opened account, a member's rates) is never above
 * its own. This file reads and writes agent tables only: auth calls it at registration.
 */

export type AgentTerms = {
  kind: MemberKind;
  rates: CommissionRates;
  dividendRatioBp: number;
};

/** Where a new player goes: under whom, on which terms, through which link (null: none). */
export type Placement = AgentTerms & {
  parentId: number | null;
  linkId: number | null;
};

/** Every game type's rate; a game type missing from the stored object is 0. */
export const fullRates = (stored: StoredRates): CommissionRates =>
  Object.fromEntries(bets.gameTypes.map((g) => [g, stored[g] ?? 0])) as CommissionRates;

const NO_RATES = fullRates({});

/** A plain member under `parentId` (a player's own invite code, or no code at all). */
export const memberPlacement = (parentId: number | null): Placement => ({
  parentId,
  kind: 'member',
  rates: NO_RATES,
  dividendRatioBp: 0,
  linkId: null,
});

export async function profileOf(db: Conn, userId: number): Promise<AgentTerms> {
  const [row] = await db
    .select({ kind: agentProfiles.kind, rates: agentProfiles.rates, dividendRatioBp: agentProfiles.dividendRatioBp })
    .from(agentProfiles)
    .where(eq(agentProfiles.userId, userId));
  if (!row) return { kind: 'member', rates: NO_RATES, dividendRatioBp: 0 };
  return { ...row, rates: fullRates(row.rates) };
}

/** The dividend ratio of each of `userIds` that has a profile. */
export async function dividendRatiosOf(db: Conn, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: agentProfiles.userId, ratioBp: agentProfiles.dividendRatioBp })
    .from(agentProfiles)
    .where(inArray(agentProfiles.userId, userIds));
  return new Map(rows.map((r) => [r.userId, r.ratioBp]));
}

/** The new player's profile and lifetime totals, in the registration's transaction. */
export async function openAgentProfile(tx: Tx, userId: number, placement: Placement): Promise<void> {
  await tx.insert(agentProfiles).values({
    userId,
    kind: placement.kind,
    rates: placement.rates,
    dividendRatioBp: placement.dividendRatioBp,
    linkId: placement.linkId,
  });
  await tx.insert(memberTotals).values({ userId });
}

const percent = (bp: number) => `${bp / 100}%`;

const ABOVE = {
  own: { rate: 'agentRateAboveOwn', ratio: 'agentRatioAboveOwn' },
  upline: { rate: 'agentRateAboveUpline', ratio: 'agentRatioAboveUpline' },
} as const;

/**
 * 422 when a rate or the ratio is above `limit`'s: 'agentRateAboveOwn' / 'agentRatioAboveOwn'
 * for an agent giving from its own terms; `whose: 'upline'` words it for an operator setting a
 * player below its upline's terms.
 */
export function ratesWithin(
  rates: CommissionRates,
  dividendRatioBp: number,
  limit: Pick<AgentTerms, 'rates' | 'dividendRatioBp'>,
  lang: Lang,
  whose: keyof typeof ABOVE = 'own',
): void {
  for (const game of bets.gameTypes) {
    if (rates[game] > limit.rates[game]) {
      const params = { game: fieldLabel(game, lang), max: percent(limit.rates[game]) };
      throw new AppError(ErrorCode.UNPROCESSABLE, ABOVE[whose].rate, params, { field: `rates.${game}` });
    }
  }
  if (dividendRatioBp > limit.dividendRatioBp) {
    const params = { max: percent(limit.dividendRatioBp) };
    throw new AppError(ErrorCode.UNPROCESSABLE, ABOVE[whose].ratio, params, { field: 'dividendRatioBp' });
  }
}

/** A member holds no dividend ratio: 422 'agentRatioMemberOnly' when one is given. */
export function ratioFitsKind(kind: MemberKind, dividendRatioBp: number): void {
  if (kind === 'member' && dividendRatioBp > 0) {
    throw new AppError(ErrorCode.UNPROCESSABLE, 'agentRatioMemberOnly', undefined, { field: 'dividendRatioBp' });
  }
}

/**
 * What an agent may give a link or an account it opens: an agent's kind only if it is an agent
 * itself (422 'agentKindRefused'), a ratio only to an agent, rates and ratio within its own.
 */
export function checkOffer(own: AgentTerms, offer: AgentTerms, lang: Lang): void {
  if (offer.kind === 'agent' && own.kind !== 'agent') {
    throw new AppError(ErrorCode.UNPROCESSABLE, 'agentKindRefused', undefined, { field: 'kind' });
  }
  ratioFitsKind(offer.kind, offer.dividendRatioBp);
  ratesWithin(offer.rates, offer.dividendRatioBp, own, lang);
}
