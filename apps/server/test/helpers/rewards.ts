import { randomUUID } from 'node:crypto';
import { taiqiuAdmin } from '@breakshot/contracts';
import { grantReward, type RewardGrant } from '../../src/modules/rewards/service.js';
import { inTransaction } from '../../src/platform/db.js';
import { newMatch, placeBet } from './taiqiu.js';
import type { TestApp } from './test-app.js';
import { adminCall, type TestPlayer } from './withdrawals.js';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** Grants a reward as a module would (default: ¥10.00, 1× turnover, valid a day, source promotion). */
export async function grantTestReward(t: TestApp, userId: number, over: Partial<RewardGrant> = {}) {
  const granted = await inTransaction(t.db, (tx) =>
    grantReward(tx, t.app.ctx, {
      userId,
      source: 'promotion',
      amount: 1_000,
      turnoverMultiple: 1,
      expiresAt: new Date(t.clock.now().getTime() + DAY),
      key: `test:${randomUUID()}`,
      title: { 'zh-CN': '测试礼金', en: 'Test bonus' },
      ...over,
    }),
  );
  if (!granted) throw new Error('reward not granted');
  return granted.id;
}

/** A billiards bet on player A's win, settled at once by a 4:0 result: a valid bet of the stake. */
export async function settledBet(t: TestApp, p: TestPlayer, stake: number, pick: 'a' | 'b' = 'b') {
  const match = await newMatch(t);
  const placed = await placeBet(t, p, match, 'winner', pick, stake);
  if (placed.code !== 200) throw new Error(`bet failed: ${placed.msg}`);
  await adminCall(t.app, taiqiuAdmin.matchResult, { matchId: match.id, a: 4, b: 0 });
  return placed.data;
}

/** Moves the test clock to `hour`:`minute` (site time, Asia/Shanghai = UTC+8) of a day ahead. */
export function toSiteTime(t: TestApp, hour: number, minute = 0): void {
  const now = t.clock.now().getTime();
  const target = (hour - 8) * HOUR + minute * 60_000;
  const next = Math.ceil((now - target + 1) / DAY) * DAY + target;
  t.clock.advance(next - now);
}

/** The site's date (YYYY-MM-DD) of an instant. */
export const siteDate = (at: Date) => new Date(at.getTime() + 8 * HOUR).toISOString().slice(0, 10);
