import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DataOf, vip } from '@breakshot/contracts';
import type { Conn } from '../../platform/db.js';
import { vipLevelOf } from '../auth/service.js';
import { rewardStatusesOf } from '../rewards/service.js';
import { getSysConfig } from '../system/service.js';
import { levelViews } from './views.js';
import { giftPeriod, type GiftPeriodKind } from './periods.js';
import { progressOf } from './progress.js';
import { vipGifts } from './tables.js';

/** Every level and the player's (/user/vipDetails). */
export async function vipLevelsOf(db: Conn, userId: number) {
  const [levels, current] = await Promise.all([levelViews(db), vipLevelOf(db, userId)]);
  return { levels, current };
}

/**
 * The player's level, the next one, the lifetime figures towards it, and the state of this
 * period's gifts and of the upgrade bonuses granted (/user/myVip).
 */
export async function vipInfo(db: Conn, userId: number, now: Date): Promise<DataOf<typeof vip.vipInfo>> {
  const [levels, level, progress, { timeZone }] = await Promise.all([
    levelViews(db),
    vipLevelOf(db, userId),
    progressOf(db, userId),
    getSysConfig(db),
  ]);
  const current = levels.find((l) => l.level === level) ?? levels[0]!;
  const periods = { weekly: giftPeriod('weekly', now, timeZone), monthly: giftPeriod('monthly', now, timeZone) };
  const gifts = await db
    .select()
    .from(vipGifts)
    .where(
      and(
        eq(vipGifts.userId, userId),
        inArray(vipGifts.period, [periods.weekly.key, periods.monthly.key, ...levels.map((l) => String(l.level))]),
      ),
    )
    .orderBy(asc(vipGifts.level));
  const statuses = await rewardStatusesOf(
    db,
    gifts.map((g) => g.rewardId),
    now,
  );
  const statusOf = (rewardId: number): vip.GiftStatus => {
    const status = statuses.get(rewardId) ?? 'expired';
    return status === 'unclaimed' ? 'granted' : status;
  };
  const periodGift = (kind: GiftPeriodKind) => {
    const granted = gifts.find((g) => g.kind === kind && g.period === periods[kind].key);
    const amount = kind === 'weekly' ? current.weeklyGift : current.monthlyGift;
    const nextAt = periods[kind].endsAt.toISOString();
    if (granted) return { status: statusOf(granted.rewardId), amount: granted.amount, nextAt };
    return { status: amount > 0 ? ('upcoming' as const) : ('none' as const), amount, nextAt };
  };
  return {
    current,
    next: levels.find((l) => l.level === level + 1) ?? null,
    validBet: progress.validBet,
    deposits: progress.deposits,
    weekly: periodGift('weekly'),
    monthly: periodGift('monthly'),
    upgradeBonuses: gifts
      .filter((g) => g.kind === 'upgrade')
      .map((g) => ({ level: g.level, amount: g.amount, status: statusOf(g.rewardId) })),
  };
}
