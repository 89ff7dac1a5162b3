import { and, asc, count, eq, sql, sum, type SQL } from 'drizzle-orm';
import { ErrorCode, type Lang, type promotionsAdmin } from '@breakshot/contracts';
import type { z } from 'zod';
import { audited } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import type { Conn, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { findPlayer, usernamesOf } from '../auth/service.js';
import { sanitizeHtml } from '../content/service.js';
import { linkCountsOf } from '../player-risk/service.js';
import { statusAt } from './rules.js';
import { promotionApplications, promotions, type PromotionRow } from './tables.js';
import { applicationsPage } from './applications.js';
import { applicationView, imageOf } from './views.js';

/*
 * The operator's promotions: the catalogue with its figures, a new promotion or a change of one
 * (audited with before and after; it applies from the next event on, what was granted stays),
 * every player's applications and the rejection of a pending one.
 */

type In<K extends keyof typeof promotionsAdmin> = (typeof promotionsAdmin)[K] extends {
  request: infer R extends z.ZodType;
}
  ? z.output<R>
  : never;
type Figures = { applications: number; granted: number; grantedAmount: number };

/** A promotion as stored (the audit's before and after). */
function storedView(p: PromotionRow) {
  return {
    id: p.id,
    type: p.type,
    titleZh: p.titleZh,
    titleEn: p.titleEn,
    summaryZh: p.summaryZh,
    summaryEn: p.summaryEn,
    audienceZh: p.audienceZh,
    audienceEn: p.audienceEn,
    rulesZh: p.rulesZh,
    rulesEn: p.rulesEn,
    bannerFrom: p.bannerFrom,
    bannerTo: p.bannerTo,
    startsAt: p.startsAt.toISOString(),
    endsAt: p.endsAt.toISOString(),
    enabled: p.enabled,
    sort: p.sort,
    turnoverMultiple: p.turnoverMultiple,
    capAmount: p.capAmount,
    minVipLevel: p.minVipLevel,
    rewardValidDays: p.rewardValidDays,
    rules: p.rules,
    updatedAt: p.updatedAt.toISOString(),
    updatedBy: p.updatedBy,
  };
}

const adminView = (p: PromotionRow, figures: Figures | undefined, now: Date): promotionsAdmin.AdminPromotion => ({
  ...storedView(p),
  image: imageOf(p),
  status: statusAt(p, now),
  ...(figures ?? { applications: 0, granted: 0, grantedAmount: 0 }),
});

/** Applications, granted ones and the amount granted, by promotion (of one promotion if given). */
async function figuresOf(db: Conn, promotionId?: number): Promise<Map<number, Figures>> {
  const rows = await db
    .select({
      id: promotionApplications.promotionId,
      applications: count(),
      granted: sql<number>`count(*) FILTER (WHERE ${promotionApplications.status} = 'granted')`.mapWith(Number),
      grantedAmount: sum(promotionApplications.amount).mapWith(Number),
    })
    .from(promotionApplications)
    .where(promotionId === undefined ? undefined : eq(promotionApplications.promotionId, promotionId))
    .groupBy(promotionApplications.promotionId);
  return new Map(rows.map(({ id, ...f }) => [id, f]));
}

/** Every promotion, by sort, with its figures. */
export async function listPromotionsForOperator(db: Conn, now: Date) {
  const rows = await db.select().from(promotions).orderBy(asc(promotions.sort), asc(promotions.id));
  const figures = await figuresOf(db);
  return { items: rows.map((p) => adminView(p, figures.get(p.id), now)) };
}

/**
 * A new promotion (its type the rules') or a change of one (the rules keep its type: else 422
 * promotionTypeFixed); the rules HTML is sanitized. Audited with before and after.
 */
export async function savePromotion(ctx: AppContext, operator: string, input: In<'promotionSave'>) {
  const now = ctx.now();
  const { promotion } = input;
  const values = {
    ...promotion,
    type: promotion.rules.type,
    rulesZh: sanitizeHtml(promotion.rulesZh),
    rulesEn: sanitizeHtml(promotion.rulesEn),
    startsAt: new Date(promotion.startsAt),
    endsAt: new Date(promotion.endsAt),
    updatedAt: now,
    updatedBy: operator,
  };
  const { after } = await audited(
    ctx,
    operator,
    async (tx) => {
      if (input.id === undefined) {
        const [created] = await tx.insert(promotions).values(values).returning();
        return { before: null, after: created! };
      }
      const before = await lockedPromotion(tx, input.id);
      if (before.type !== values.type) {
        throw new AppError(ErrorCode.UNPROCESSABLE, 'promotionTypeFixed');
      }
      const [changed] = await tx.update(promotions).set(values).where(eq(promotions.id, before.id)).returning();
      return { before, after: changed! };
    },
    ({ before, after }) => ({
      action: 'promotions.save',
      target: `promotion:${after.id}`,
      payload: input,
      before: before && storedView(before),
      after: storedView(after),
    }),
  );
  return adminView(after, (await figuresOf(ctx.db, after.id)).get(after.id), now);
}

async function lockedPromotion(tx: Tx, id: number): Promise<PromotionRow> {
  const [row] = await tx.select().from(promotions).where(eq(promotions.id, id)).for('update');
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'promotionNotFound');
  return row;
}

/** Every player's applications (or one promotion's, one player's, one status'), newest first. */
export async function listApplications(db: Conn, input: In<'promotionApplications'>, lang: Lang, now: Date) {
  const conditions: SQL[] = [];
  if (input.username) {
    const player = await findPlayer(db, input.username);
    if (!player) return { list: [], total: 0, page: input.page, pageSize: input.pageSize };
    conditions.push(eq(promotionApplications.userId, player.id));
  }
  if (input.promotionId) conditions.push(eq(promotionApplications.promotionId, input.promotionId));
  if (input.status) conditions.push(eq(promotionApplications.status, input.status));
  const page = await applicationsPage(db, input, and(...conditions), (r) => r);
  const applicant = await applicants(
    db,
    page.list.map((r) => r.a.userId),
    now,
  );
  return { ...page, list: page.list.map((r) => ({ ...applicationView(r.a, r.p, lang), ...applicant(r.a.userId) })) };
}

/** Each applicant's name and how many players are linked to them, as the operator reads applications. */
async function applicants(db: Conn, userIds: number[], now: Date) {
  const [names, links] = await Promise.all([usernamesOf(db, userIds), linkCountsOf(db, userIds, now)]);
  return (userId: number) => ({ username: names.get(userId) ?? '', linkedPlayers: links.get(userId) ?? 0 });
}

/** Rejects a pending application with the operator's reason (the player reads it); decided already: 409. */
export async function rejectApplication(
  ctx: AppContext,
  operator: string,
  input: In<'promotionApplicationReject'>,
  lang: Lang,
) {
  const now = ctx.now();
  const { a, p } = await audited(
    ctx,
    operator,
    async (tx) => {
      const [before] = await tx
        .select()
        .from(promotionApplications)
        .where(eq(promotionApplications.id, input.id))
        .for('update');
      if (!before) throw new AppError(ErrorCode.NOT_FOUND, 'promotionApplicationNotFound');
      // Pending, or granted while its period runs (a reload day, an agent month, a fee-waiver
      // week keep paying until rejected); bonuses already granted stay.
      const open = before.periodEndsAt !== null && before.periodEndsAt > now;
      if (!(before.status === 'pending' || (before.status === 'granted' && open)))
        throw new AppError(ErrorCode.CONFLICT, 'promotionNotPending');
      const [rejected] = await tx
        .update(promotionApplications)
        .set({ status: 'rejected', reasonText: input.reason, reasonKey: null, reasonParams: null, updatedAt: now })
        .where(eq(promotionApplications.id, input.id))
        .returning();
      if (!rejected) throw new Error('application update returned no row');
      const [promotion] = await tx.select().from(promotions).where(eq(promotions.id, rejected.promotionId));
      return { a: rejected, p: promotion!, was: before.status };
    },
    ({ a, was }) => ({
      action: 'promotions.application.reject',
      target: `application:${a.id}`,
      payload: input,
      before: { status: was },
      after: { status: 'rejected', reason: input.reason },
    }),
  );
  const applicant = await applicants(ctx.db, [a.userId], now);
  return { ...applicationView(a, p, lang), ...applicant(a.userId) };
}
