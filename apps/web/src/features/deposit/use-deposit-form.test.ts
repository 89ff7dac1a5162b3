import { describe, expect, it } from 'vitest';
import type { PayChannel } from '@breakshot/contracts';
import { chosenPromotion, depositAmountError, depositChannel, depositEstimate } from './use-deposit-form';

const channel = { minAmount: 10_000, maxAmount: 5_000_000, feeRate: 100, bonusRate: 200 };

describe('deposit amount limits (chongzhi)', () => {
  it('accepts amounts within the channel limits, refuses the rest with the range', () => {
    expect(depositAmountError('100', channel, '¥')).toBeNull();
    expect(depositAmountError('50000', channel, '¥')).toBeNull();
    expect(depositAmountError('99.99', channel, '¥')).toBe('充值金额须在 ¥100.00 至 ¥50,000.00 之间');
    expect(depositAmountError('50000.01', channel, '¥')).toBe('充值金额须在 ¥100.00 至 ¥50,000.00 之间');
    expect(depositAmountError('', channel, '¥')).toBe('请输入金额');
    expect(depositAmountError('1.234', channel, '¥')).toBe('请输入正确的金额（最多两位小数）');
  });
  it('estimates fee and bonus in basis points, rounded down', () => {
    expect(depositEstimate(12_345, channel)).toEqual({ fee: 123, bonus: 246, credited: 12_468 });
  });
});

describe('the deposit channel', () => {
  const ch = (id: number, over: Partial<PayChannel> = {}) =>
    ({ id, openNow: true, recommended: false, ...over }) as PayChannel;

  it('is the one picked, else the recommended open one, else the first open one', () => {
    const list = [ch(1, { openNow: false, recommended: true }), ch(2), ch(3, { recommended: true })];
    expect(depositChannel(list, 2)?.id).toBe(2);
    expect(depositChannel(list, null)?.id).toBe(3);
    expect(depositChannel(list.slice(0, 2), null)?.id).toBe(2);
  });
  it('is none when every channel is closed', () => {
    expect(depositChannel([ch(1, { openNow: false })], null)).toBeUndefined();
  });
});

describe('the promotion a deposit goes with', () => {
  const offers = [
    { id: 1, joined: false },
    { id: 2, joined: true },
  ];
  it('before any pick, the one already joined; else none', () => {
    expect(chosenPromotion(offers, undefined)?.id).toBe(2);
    expect(chosenPromotion([offers[0]!], undefined)).toBeNull();
  });
  it('the one picked, or none after 不参与', () => {
    expect(chosenPromotion(offers, 1)?.id).toBe(1);
    expect(chosenPromotion(offers, null)).toBeNull();
  });
});
