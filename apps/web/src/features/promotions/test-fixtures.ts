/* Test helpers (imported by *.test.tsx only): answers of the promotion calls. */
import type { Application, PromotionDetail, PromotionSummary } from './api/promotions';

const IMAGE = 'data:image/svg+xml;base64,PHN2Zy8+';

export const summary = (over: Partial<PromotionSummary> = {}): PromotionSummary => ({
  id: 1,
  type: 'first_deposit',
  title: '首存送 100%',
  summary: '首笔存款最高送 ¥888',
  image: IMAGE,
  startsAt: '2026-01-01T00:00:00Z',
  endsAt: '2026-12-31T00:00:00Z',
  status: 'running',
  joined: false,
  canApply: true,
  ...over,
});

export const application = (over: Partial<Application> = {}): Application => ({
  id: 50,
  promotionId: 1,
  type: 'first_deposit',
  title: '首存送 100%',
  periodKey: 'once',
  status: 'pending',
  reason: null,
  amount: 0,
  progress: 0,
  uses: 0,
  createdAt: '2026-03-01T02:00:00Z',
  updatedAt: '2026-03-01T02:00:00Z',
  ...over,
});

export const detail = (over: Partial<PromotionDetail> = {}): PromotionDetail => ({
  ...summary(),
  audience: '未存过款的新会员',
  rulesHtml: '<p>每位会员限参与一次。</p><ul><li>奖金需 <b>3</b> 倍流水</li></ul>',
  rules: {
    type: 'first_deposit',
    tiers: [
      { minDeposit: 10_000, rateBps: 5_000, maxBonus: 20_000 },
      { minDeposit: 100_000, rateBps: 10_000, maxBonus: 88_800 },
    ],
  },
  turnoverMultiple: 3,
  capAmount: 88_800,
  minVipLevel: 0,
  rewardValidDays: 7,
  period: 'once',
  periodEndsAt: null,
  application: null,
  refusal: null,
  ...over,
});

export const page = <T>(list: T[], body: Record<string, unknown>, total = list.length) => ({
  code: 200,
  data: { list, total, page: body.page, pageSize: body.pageSize },
});
