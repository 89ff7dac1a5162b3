import { eq } from 'drizzle-orm';
import type { agent } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import type { Conn } from '../../platform/db.js';
import { agentChainOf, usernamesOf } from '../auth/service.js';
import { assertOwnUploads } from '../uploads/service.js';
import { agentCards } from './tables.js';

/*
 * The agent's business card (名片, mingpianguanli), which its direct members see on /user/shangwu.
 */

type Card = agent.BusinessCard;

export async function cardOf(db: Conn, userId: number): Promise<Card | null> {
  const [row] = await db.select().from(agentCards).where(eq(agentCards.userId, userId));
  if (!row) return null;
  return {
    displayName: row.displayName,
    avatar: row.avatar,
    wechat: row.wechat,
    qq: row.qq,
    telegram: row.telegram,
    phone: row.phone,
    intro: row.intro,
  };
}

/** Saves the caller's card; the avatar must be the caller's own upload of purpose avatar (400). */
export async function saveCard(ctx: AppContext, userId: number, card: Card): Promise<Card> {
  if (card.avatar !== null) await assertOwnUploads(ctx.db, userId, [card.avatar], 'avatar');
  const values = { ...card, updatedAt: ctx.now() };
  await ctx.db
    .insert(agentCards)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: agentCards.userId, set: values });
  return card;
}

/** The card of the caller's direct upline, with its name; null without an upline or a card. */
export async function uplineCard(db: Conn, userId: number): Promise<(Card & { username: string }) | null> {
  const [uplineId] = await agentChainOf(db, userId);
  if (uplineId === undefined) return null;
  const card = await cardOf(db, uplineId);
  if (!card) return null;
  const username = (await usernamesOf(db, [uplineId])).get(uplineId) ?? '';
  return { ...card, username };
}
