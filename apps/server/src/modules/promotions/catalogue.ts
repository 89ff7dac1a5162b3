import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import { ErrorCode, promotions as contract, type Lang } from '@breakshot/contracts';
import type { Conn } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { getSysConfig } from '../system/service.js';
import { playerState, refusalOf, refusalText } from './eligibility.js';
import { periodAt } from './periods.js';
import { SHOWN_AFTER_END_MS } from './rules.js';
import { promotions, type PromotionRow } from './tables.js';
import { applicationView, summaryView } from './views.js';

/* The player's promotions: the list (/user/youhui) and a promotion's page (/home's banners: banners.ts). */

/** What players see at `now`: enabled, started, and not ended more than 30 days ago. */
const visibleAt = (now: Date) =>
  and(
    eq(promotions.enabled, true),
    lte(promotions.startsAt, now),
    gt(promotions.endsAt, new Date(now.getTime() - SHOWN_AFTER_END_MS)),
  );

/** A promotion players see; unknown, disabled or not started yet: 404. */
export async function visiblePromotion(db: Conn, id: number, now: Date): Promise<PromotionRow> {
  const [row] = await db
    .select()
    .from(promotions)
    .where(and(eq(promotions.id, id), visibleAt(now)));
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'promotionNotFound');
  return row;
}

/** Visible promotions (of a type), running ones first by sort, then the ended ones, latest first. */
export async function listPromotions(
  db: Conn,
  userId: number,
  input: { type?: contract.PromotionType | undefined },
  lang: Lang,
  now: Date,
) {
  const rows = await db
    .select()
    .from(promotions)
    .where(and(visibleAt(now), input.type ? eq(promotions.type, input.type) : undefined))
    .orderBy(
      sql`${promotions.endsAt} <= ${now.toISOString()}::timestamptz`,
      asc(promotions.sort),
      desc(promotions.endsAt),
      asc(promotions.id),
    );
  const state = await playerState(
    db,
    userId,
    rows.map((p) => p.id),
    now,
  );
  return {
    items: rows.map((p) =>
      summaryView(p, lang, now, { joined: state.current.has(p.id), canApply: refusalOf(p, state, now) === null }),
    ),
  };
}

/** One promotion's page: its rules, the current period, the player's application and why applying would be refused. */
export async function promotionDetails(
  db: Conn,
  userId: number,
  id: number,
  lang: Lang,
  now: Date,
): Promise<contract.PromotionDetail> {
  const p = await visiblePromotion(db, id, now);
  const [state, { timeZone }] = await Promise.all([playerState(db, userId, [p.id], now), getSysConfig(db)]);
  const application = state.current.get(p.id);
  const refusal = refusalOf(p, state, now);
  const en = lang === 'en';
  return {
    ...summaryView(p, lang, now, { joined: application !== undefined, canApply: refusal === null }),
    audience: en ? p.audienceEn : p.audienceZh,
    rulesHtml: en ? p.rulesEn : p.rulesZh,
    rules: p.rules,
    turnoverMultiple: p.turnoverMultiple,
    capAmount: p.capAmount,
    minVipLevel: p.minVipLevel,
    rewardValidDays: p.rewardValidDays,
    period: contract.PROMOTION_PERIOD[p.type],
    periodEndsAt: periodAt(p.type, now, timeZone).endsAt?.toISOString() ?? null,
    application: application ? applicationView(application, p, lang) : null,
    refusal: refusal ? refusalText(refusal, lang) : null,
  };
}
