import { formatMoney } from '@breakshot/contracts';
import type { RewardTitle } from './grants.js';

/*
 * Reward titles in both languages, by source; a reward stores both and the list answers in the
 * request's language. Amounts show without ".00" when whole ("¥1,000", "¥8.88").
 */

/** Money for a title: the site's symbol, no decimals when whole. */
export const shortMoney = (minor: number, symbol: string): string => formatMoney(minor, symbol).replace(/\.00$/, '');

export const rewardTitles = {
  vipUpgrade: (level: number): RewardTitle => ({ 'zh-CN': `VIP${level} 晋级礼金`, en: `VIP ${level} upgrade bonus` }),
  vipWeekly: (level: number): RewardTitle => ({ 'zh-CN': `VIP${level} 周礼金`, en: `VIP ${level} weekly gift` }),
  vipMonthly: (level: number): RewardTitle => ({ 'zh-CN': `VIP${level} 月礼金`, en: `VIP ${level} monthly gift` }),
  task: (validBet: number, symbol: string): RewardTitle => ({
    'zh-CN': `每日投注任务 ${shortMoney(validBet, symbol)} 档`,
    en: `Daily betting task, ${shortMoney(validBet, symbol)} tier`,
  }),
  spin: (amount: number, symbol: string): RewardTitle => ({
    'zh-CN': `幸运转盘 ${shortMoney(amount, symbol)}`,
    en: `Daily wheel ${shortMoney(amount, symbol)}`,
  }),
  operator: (): RewardTitle => ({ 'zh-CN': '平台赠送礼金', en: 'Bonus from the site' }),
};
