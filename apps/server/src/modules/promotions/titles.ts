import type { RewardTitle } from '../rewards/service.js';

/* Titles of the rewards promotions grant, in both languages (the reward list answers in the reader's). */

const percent = (bps: number) => `${bps / 100}%`;

export const grantTitles = {
  firstDeposit: (rateBps: number): RewardTitle => ({
    'zh-CN': `首存优惠 ${percent(rateBps)}`,
    en: `First deposit bonus ${percent(rateBps)}`,
  }),
  reload: (rateBps: number): RewardTitle => ({
    'zh-CN': `存款加赠 ${percent(rateBps)}`,
    en: `Reload bonus ${percent(rateBps)}`,
  }),
  luckySlip: (ending: string): RewardTitle => ({
    'zh-CN': `幸运注单 尾号${ending}`,
    en: `Lucky slip ending in ${ending}`,
  }),
  slotsTurnover: (monday: string): RewardTitle => ({
    'zh-CN': `电子周周送 ${monday} 周`,
    en: `Weekly slots bonus, week of ${monday}`,
  }),
  agentStarter: (): RewardTitle => ({ 'zh-CN': '推广有礼 直属会员首存', en: "Invite bonus: a member's first deposit" }),
};
