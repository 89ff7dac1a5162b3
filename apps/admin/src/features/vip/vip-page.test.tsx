import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../lib/session';
import { fakeApi, page, consoleFakes } from '../../test/fake-api';
import { logIn, renderApp, sessionOf } from '../../test/render';

const level = (n: number, over: Record<string, unknown> = {}) => ({
  level: n,
  minValidBet: n * 1_000_000,
  minDeposits: n * 500_000,
  upgradeBonus: n * 1_800,
  weeklyGift: n * 800,
  monthlyGift: n * 2_800,
  turnoverMultiple: 1,
  withdrawalsPerDay: 5 + n,
  rebateRates: { taiqiu: 40 + n * 10, slots: 80 + n * 10, poker: 60 },
  ...over,
});
const levels = [level(0, { rebateRates: { taiqiu: 0, slots: 0, poker: 0 } }), level(1), level(2)];
const claim = { id: 71, username: 'alice01', amount: 1234, validBet: 154_250, createdAt: '2026-11-20T08:30:00Z' };

type Reply = { code?: number; msg?: string; data?: unknown };
function fake(role: Role, replies: Record<string, () => Reply> = {}) {
  return fakeApi({
    ...consoleFakes(role),
    '/vip/levels': () => ({ data: { levels } }),
    '/vip/level/save': (b) => ({ data: { ...level(b.level as number), ...b } }),
    '/rebates/rate/save': (b) => ({ data: level(b.vipLevel as number) }),
    '/rebates/claims': () => page([claim]),
    ...replies,
  });
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;

describe('VIP levels and rebates', () => {
  it('shows every level with its thresholds, gifts and rates in percent', async () => {
    logIn(sessionOf('admin'));
    fake('admin');
    renderApp('/vip');
    const row = await rowOf('VIP1');
    for (const text of [
      '¥10,000.00',
      '¥5,000.00',
      '¥18.00',
      '¥8.00',
      '¥28.00',
      '1 倍',
      '6 次',
      '0.50%',
      '0.90%',
      '0.60%',
    ])
      expect(within(row).getByText(text)).toBeTruthy();
    expect(within(await rowOf('VIP0')).getAllByText('0.00%')).toHaveLength(3);
  });

  it('admin sets a rate typed in percent: sent in basis points; above 5 % it is refused in the form', async () => {
    logIn(sessionOf('admin'));
    const api = fake('admin');
    renderApp('/vip');
    fireEvent.click(await screen.findByRole('button', { name: '编辑 VIP2 电子返水比例' }));
    const dialog = await screen.findByRole('dialog');
    const rate = within(dialog).getByLabelText('返水比例（%）') as HTMLInputElement;
    expect(rate.value).toBe('1.00');
    fireEvent.change(rate, { target: { value: '5.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('过大')).toBeTruthy();
    expect(api.count('/rebates/rate/save')).toBe(0);

    fireEvent.change(rate, { target: { value: '1.25' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(api.count('/rebates/rate/save')).toBe(1));
    expect(api.last('/rebates/rate/save')!.body).toEqual({ vipLevel: 2, gameType: 'slots', rateBp: 125 });
    expect(await screen.findByText('VIP2 电子返水比例已设为 1.25%')).toBeTruthy();
  });

  it('admin edits a level in yuan (sent in minor units) and sees the server refuse thresholds out of order', async () => {
    logIn(sessionOf('admin'));
    const api = fake('admin', {
      '/vip/level/save': () => ({ code: 422, msg: 'VIP1 的门槛须介于上下两级之间' }),
    });
    renderApp('/vip');
    fireEvent.click(await screen.findByRole('button', { name: '编辑 VIP1' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('累计有效投注（元）'), { target: { value: '30000.5' } });
    fireEvent.change(within(dialog).getByLabelText('周礼金（元）'), { target: { value: '12.34' } });
    fireEvent.change(within(dialog).getByLabelText('每日提现次数'), { target: { value: '9' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(api.count('/vip/level/save')).toBe(1));
    expect(api.last('/vip/level/save')!.body).toEqual({
      level: 1,
      minValidBet: 3_000_050,
      minDeposits: 500_000,
      upgradeBonus: 1_800,
      weeklyGift: 1_234,
      monthlyGift: 2_800,
      turnoverMultiple: 1,
      withdrawalsPerDay: 9,
    });
    expect(await screen.findByText('VIP1 的门槛须介于上下两级之间')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  for (const role of ['finance', 'risk'] as const) {
    it(`${role} reads the table without edit buttons, and the rebate claims by player`, async () => {
      logIn(sessionOf(role));
      const api = fake(role);
      renderApp('/vip');
      expect(within(await rowOf('VIP2')).getByText('1.00%')).toBeTruthy();
      expect(screen.queryByRole('button', { name: '编辑 VIP2' })).toBeNull();
      expect(screen.queryByRole('button', { name: /返水比例/ })).toBeNull();

      fireEvent.click(screen.getByRole('tab', { name: '返水领取记录' }));
      const row = await rowOf('¥12.34');
      expect(within(row).getByText('¥1,542.50')).toBeTruthy();
      expect(within(row).getByRole('link', { name: 'alice01' }).getAttribute('href')).toBe('/players/alice01');
      expect(screen.getByRole('button', { name: /导出 CSV/ })).toBeTruthy();
      fireEvent.change(screen.getByLabelText('玩家'), { target: { value: 'alice01' } });
      fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
      await waitFor(() => expect(api.last('/rebates/claims')?.body).toMatchObject({ username: 'alice01', page: 1 }));
    });
  }
});
