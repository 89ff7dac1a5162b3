/* Test helpers (imported by *.test.tsx only): answers of the welfare calls. */

export const PRIZES = ['¥0.88', '¥1.88', '谢谢参与', '¥5.88', '¥8.88', '¥18.88', '¥88.00', '¥188.00'].map(
  (label, index) => ({ index, label, amount: label.startsWith('¥') ? Math.round(Number(label.slice(1)) * 100) : 0 }),
);

export const spinInfo = (over: Record<string, unknown> = {}) => ({
  date: '2026-01-05',
  spinsLeft: 1,
  free: 1,
  fromDeposits: 0,
  used: 0,
  depositMin: 10_000,
  depositMax: 5,
  prizes: PRIZES,
  today: { date: '2026-01-05', seedHash: 'c0ffee'.repeat(10) + 'beef' },
  yesterday: { date: '2026-01-04', seedHash: 'ab12'.repeat(16), serverSeed: 'cd34'.repeat(16) },
  winners: [
    { username: 'pl***01', label: '¥88.00', amount: 8_800, at: '2026-01-05T01:00:00Z' },
    { username: 'ac***99', label: '¥1.88', amount: 188, at: '2026-01-05T00:30:00Z' },
  ],
  ...over,
});

export const rewardRow = (over: Record<string, unknown> = {}) => ({
  id: 1,
  source: 'vip_upgrade',
  title: 'VIP3 晋级礼金',
  amount: 3_000,
  turnoverMultiple: 3,
  status: 'unclaimed',
  createdAt: '2026-01-05T00:00:00Z',
  expiresAt: new Date(Date.now() + (2 * 86_400 + 3 * 3600) * 1000).toISOString(),
  claimedAt: null,
  ...over,
});
