import { and, desc, eq } from 'drizzle-orm';
import type { PageRequest, promotions as contract } from '@breakshot/contracts';
import type { Conn } from '../../platform/db.js';
import { pageOf } from '../../platform/paging.js';
import { visiblePromotion } from './catalogue.js';
import { claimableUntil, isRunning } from './rules.js';
import { promotionSlips, type SlipRow } from './tables.js';

/** The player's slips that qualify for a lucky-slip promotion (/user/youhuiZhuDan), newest first. */
export async function luckySlips(db: Conn, userId: number, input: PageRequest & { id: number }, now: Date) {
  const p = await visiblePromotion(db, input.id, now);
  const claimDays = p.rules.type === 'lucky_slip' ? p.rules.claimDays : 0;
  const where = and(eq(promotionSlips.userId, userId), eq(promotionSlips.promotionId, p.id));
  return pageOf(
    input,
    (limit, offset) =>
      db
        .select()
        .from(promotionSlips)
        .where(where)
        .orderBy(desc(promotionSlips.settledAt), desc(promotionSlips.betNo))
        .limit(limit)
        .offset(offset),
    () => db.$count(promotionSlips, where),
    (s) => slipView(s, claimDays, now, isRunning(p, now)),
  );
}

/** A slip is claimable within claimDays of settling while the promotion runs (a claim needs it running). */
function slipView(s: SlipRow, claimDays: number, now: Date, running: boolean): contract.LuckySlip {
  const until = claimableUntil(s.settledAt, claimDays);
  return {
    betNo: s.betNo,
    gameType: s.gameType,
    stake: s.stake,
    settledAt: s.settledAt.toISOString(),
    ending: s.ending,
    bonus: s.bonus,
    status: s.applicationId !== null ? 'claimed' : running && now < until ? 'claimable' : 'expired',
    claimableUntil: until.toISOString(),
  };
}
