import { expect } from 'vitest';
import { promotions, promotionsAdmin, rewards, taiqiuAdmin, withdrawals } from '@breakshot/contracts';
import { promotionPeriodJob } from '../../src/modules/promotions/service.js';
import { runJob } from '../../src/platform/scheduler.js';
import { channelOf, sandboxCallback, startPay } from './payments.js';
import { DAY, HOUR } from './rewards.js';
import { newMatch, placeBet } from './taiqiu.js';
import { call, type TestApp } from './test-app.js';
import { adminCall, type TestPlayer } from './withdrawals.js';

/*
 * Promotions as a player and the operator meet them. Each test saves its own promotion
 * through the operator call, so the figures it expects are written in the test, whatever the seed.
 */

type Rules = promotions.PromotionRules;
type Input = promotionsAdmin.PromotionInput;

const TITLES: Record<promotions.PromotionType, [string, string]> = {
  first_deposit: ['测试首存', 'Test first deposit'],
  reload: ['测试加赠', 'Test reload'],
  lucky_slip: ['测试注单', 'Test lucky slip'],
  fee_waiver: ['测试免手续费', 'Test fee waiver'],
  slots_turnover: ['测试电子流水', 'Test slots turnover'],
  agent_starter: ['测试单代', 'Test agent starter'],
};

/** A promotion of the rules' type running from an hour ago for a year, ×1, no cap, VIP0, rewards valid 7 days. */
export function promotionInput(t: TestApp, rules: Rules, over: Partial<Input> = {}): Input {
  const now = t.clock.now().getTime();
  const [zh, en] = TITLES[rules.type];
  return {
    titleZh: zh,
    titleEn: en,
    summaryZh: `${zh}简介`,
    summaryEn: `${en} summary`,
    audienceZh: '全体会员',
    audienceEn: 'All members',
    rulesZh: '<p>活动规则</p>',
    rulesEn: '<p>Rules</p>',
    bannerFrom: '#1e3a8a',
    bannerTo: '#0ea5e9',
    startsAt: new Date(now - HOUR).toISOString(),
    endsAt: new Date(now + 365 * DAY).toISOString(),
    enabled: true,
    sort: 500,
    turnoverMultiple: 1,
    capAmount: null,
    minVipLevel: 0,
    rewardValidDays: 7,
    rules,
    ...over,
  };
}

/** Saves a new promotion (or changes one: id) through the operator call; fails the test if refused. */
export async function savePromotion(
  t: TestApp,
  rules: Rules,
  over: Partial<Input> = {},
  id?: number,
): Promise<promotionsAdmin.AdminPromotion> {
  const res = await adminCall(t.app, promotionsAdmin.promotionSave, {
    ...(id && { id }),
    promotion: promotionInput(t, rules, over),
  });
  expect(res, 'promotions/save').toMatchObject({ code: 200 });
  return res.data;
}

export const apply = (t: TestApp, p: TestPlayer, id: number, extra: { betNo?: string } = {}, lang?: string) =>
  call(t.app, promotions.promotionApply, { id, ...extra }, { token: p.token, ...(lang && { lang }) });

/** The player's applications, newest first (all statuses unless given). */
export async function myApplications(
  t: TestApp,
  p: TestPlayer,
  body: { status?: promotions.ApplicationStatus; page?: number; pageSize?: number } = {},
  lang?: string,
) {
  const res = await call(t.app, promotions.promotionMyApplications, body, { token: p.token, ...(lang && { lang }) });
  expect(res.code).toBe(200);
  return res.data;
}

/** The player's applications of one promotion, newest first. */
export async function applicationsOf(t: TestApp, p: TestPlayer, promotionId: number, lang?: string) {
  const { list } = await myApplications(t, p, { pageSize: 100 }, lang);
  return list.filter((a) => a.promotionId === promotionId);
}

/** The player's rewards of source promotion in 领奖 (unclaimed unless told), newest first. */
export async function promotionRewards(
  t: TestApp,
  p: TestPlayer,
  status: rewards.RewardStatus = 'unclaimed',
  lang?: string,
) {
  const res = await call(
    t.app,
    rewards.rewardList,
    { status, pageSize: 100 },
    { token: p.token, ...(lang && { lang }) },
  );
  return res.data.list.filter((r) => r.source === 'promotion');
}

export const turnoverOf = async (t: TestApp, p: TestPlayer) =>
  (await call(t.app, withdrawals.withdrawConfig, {}, { token: p.token })).data.turnover;

/** One run of the period job at the clock's time, as the scheduler runs it. */
export async function runPeriodJob(t: TestApp): Promise<void> {
  expect(await runJob(t.db, promotionPeriodJob(t.app.ctx), t.clock.now())).toBe(true);
}

/** A sandbox deposit order (not paid yet): its number. */
export async function depositOrder(t: TestApp, p: TestPlayer, amount: number): Promise<string> {
  const channel = await channelOf(t.app, p.token, 'sandbox');
  return (await startPay(t.app, p.token, channel.id, amount)).orderNo;
}

/** The sandbox gateway's paid callback of an order: credits it (once). */
export async function payOrder(t: TestApp, orderNo: string, amount: number): Promise<void> {
  expect((await sandboxCallback(t.app, { orderNo, amount })).body).toBe('success');
}

/**
 * A billiards bet (on B, which loses 4:0) on a match of its own, still open: its number, known
 * before it settles, so a test can save a lucky-slip promotion whose endings it matches.
 */
export async function openBet(t: TestApp, p: TestPlayer, stake: number) {
  const match = await newMatch(t);
  const placed = await placeBet(t, p, match, 'winner', 'b', stake);
  expect(placed.code).toBe(200);
  return {
    betNo: placed.data.betNo,
    /** Enters the result: the bet settles lost, a valid bet of its stake. */
    settle: async () => {
      expect((await adminCall(t.app, taiqiuAdmin.matchResult, { matchId: match.id, a: 4, b: 0 })).code).toBe(200);
    },
  };
}

const siteParts = (at: Date) => {
  const f = (o: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Shanghai', hourCycle: 'h23', ...o }).format(at);
  return { weekday: f({ weekday: 'short' }), day: Number(f({ day: 'numeric' })), hour: Number(f({ hour: 'numeric' })) };
};

/** Moves the clock by whole hours until the site's (Asia/Shanghai) calendar shows the weekday at the hour. */
export function toSiteWeekday(t: TestApp, weekday: 'Mon' | 'Tue' | 'Wed' | 'Thu' | 'Fri' | 'Sat' | 'Sun', hour = 10) {
  do t.clock.advance(HOUR);
  while (!(siteParts(t.clock.now()).weekday === weekday && siteParts(t.clock.now()).hour === hour));
}

/** Moves the clock by whole hours to the 1st of the next site month at `hour`. */
export function toNextSiteMonth(t: TestApp, hour = 10) {
  // On a 1st (the site's day starts 8 hours before UTC's), leave it first: it is this month's.
  do t.clock.advance(HOUR);
  while (siteParts(t.clock.now()).day === 1);
  do t.clock.advance(HOUR);
  while (!(siteParts(t.clock.now()).day === 1 && siteParts(t.clock.now()).hour === hour));
}

/** The site's Monday (YYYY-MM-DD) of the week of an instant: the week's period key. */
export function siteMonday(at: Date): string {
  const local = new Date(at.getTime() + 8 * HOUR);
  const weekday = local.getUTCDay() || 7;
  return new Date(local.getTime() - (weekday - 1) * DAY).toISOString().slice(0, 10);
}
