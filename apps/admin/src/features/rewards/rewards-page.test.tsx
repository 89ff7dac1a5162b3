import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../lib/session';
import { fakeApi, page, consoleFakes } from '../../test/fake-api';
import { logIn, renderApp, sessionOf } from '../../test/render';

const reward = {
  id: 301,
  username: 'alice01',
  source: 'vip_upgrade',
  title: 'VIP3 晋级礼金',
  amount: 8_800,
  turnoverMultiple: 2,
  status: 'unclaimed',
  createdAt: '2026-11-20T08:00:00Z',
  expiresAt: '2026-11-27T08:00:00Z',
  claimedAt: null,
};
const tiers = [
  { id: 1, validBet: 100_000, amount: 800, turnoverMultiple: 1, enabled: true },
  { id: 2, validBet: 500_000, amount: 3_800, turnoverMultiple: 1, enabled: true },
  { id: 3, validBet: 900_000, amount: 9_900, turnoverMultiple: 1, enabled: false },
];
const prize = (index: number, amount: number, weight: number) => ({
  index,
  labelZh: amount ? `¥${amount / 100}` : '谢谢参与',
  labelEn: amount ? `¥${amount / 100}` : 'Thanks',
  amount,
  weight,
  turnoverMultiple: 1,
});
// Weights 500 + 300 + 100 + 50 + 30 + 15 + 4 + 1 = 1000; mean = (300·188 + 100·588 + 50·1888 + 30·3888 + 15·8888 + 4·18888 + 1·88888) / 1000.
const prizes = [
  prize(0, 0, 500),
  prize(1, 188, 300),
  prize(2, 588, 100),
  prize(3, 1_888, 50),
  prize(4, 3_888, 30),
  prize(5, 8_888, 15),
  prize(6, 18_888, 4),
  prize(7, 88_888, 1),
];

type Reply = { code?: number; msg?: string; data?: unknown };
function fake(role: Role, replies: Record<string, (b: Record<string, unknown>) => Reply> = {}) {
  return fakeApi({
    ...consoleFakes(role),
    '/rewards/list': () => page([reward]),
    '/rewards/grant': (b) => ({
      data: {
        ...reward,
        id: 302,
        source: 'operator',
        username: b.username,
        amount: b.amount,
        turnoverMultiple: b.turnoverMultiple,
      },
    }),
    '/tasks/tiers': () => ({ data: { tiers } }),
    '/tasks/tiers/save': (b) => ({
      data: { tiers: (b.tiers as object[]).map((r, i) => ({ ...r, id: 10 + i, enabled: true })) },
    }),
    '/spin/prizes': () => ({ data: { prizes, chances: [], expectedValue: 0 } }),
    '/spin/prizes/save': () => ({ data: { savedAt: '2026-11-20T09:00:00Z' } }),
    ...replies,
  });
}

const save = () => screen.getByRole('button', { name: /保\s*存/ });

describe('rewards', () => {
  it('finance lists the rewards, filters them and grants one in yuan (sent in minor units)', async () => {
    logIn(sessionOf('finance'));
    const api = fake('finance');
    renderApp('/rewards');
    const row = (await screen.findByText('VIP3 晋级礼金')).closest('tr')!;
    for (const text of ['VIP 晋级礼金', '¥88.00', '2 倍', '待领取']) expect(within(row).getByText(text)).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'alice01' }).getAttribute('href')).toBe('/players/alice01');
    expect(screen.getByRole('button', { name: /导出 CSV/ })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('玩家'), { target: { value: 'alice01' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '来源' }));
    fireEvent.click(await screen.findByTitle('每日任务'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '状态' }));
    fireEvent.click(await screen.findByTitle('已过期'));
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(api.last('/rewards/list')?.body).toMatchObject({ username: 'alice01', source: 'task', status: 'expired' }),
    );

    fireEvent.click(screen.getByRole('button', { name: /发放奖励/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('玩家'), { target: { value: ' bob02 ' } });
    fireEvent.change(within(dialog).getByLabelText('金额（元）'), { target: { value: '12.5' } });
    fireEvent.change(within(dialog).getByLabelText('流水倍数'), { target: { value: '3' } });
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '客诉补偿' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /发放奖励/ }));
    await waitFor(() => expect(api.count('/rewards/grant')).toBe(1));
    expect(api.last('/rewards/grant')!.body).toEqual({
      username: 'bob02',
      amount: 1_250,
      turnoverMultiple: 3,
      validDays: 7,
      reason: '客诉补偿',
      requestId: expect.stringMatching(/^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/),
    });
    expect(await screen.findByText('已向 bob02 发放奖励 ¥12.50')).toBeTruthy();
  });

  it("shows the server's refusal of a grant and keeps the form", async () => {
    logIn(sessionOf('admin'));
    fake('admin', { '/rewards/grant': () => ({ code: 404, msg: '玩家不存在' }) });
    renderApp('/rewards');
    fireEvent.click(await screen.findByRole('button', { name: /发放奖励/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('玩家'), { target: { value: 'nobody' } });
    fireEvent.change(within(dialog).getByLabelText('金额（元）'), { target: { value: '1' } });
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '测试' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /发放奖励/ }));
    expect(await screen.findByText('玩家不存在')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('risk reads rewards, tiers and prizes but may not grant or change them', async () => {
    logIn(sessionOf('risk'));
    fake('risk');
    renderApp('/rewards');
    expect(await screen.findByText('VIP3 晋级礼金')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /发放奖励/ })).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: '每日投注任务' }));
    const first = (await screen.findByLabelText('第 1 档 当日有效投注（元）')) as HTMLInputElement;
    expect(first.value).toBe('1000.00');
    expect(first.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /添加档位/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: '幸运转盘' }));
    expect(((await screen.findByLabelText('奖品 2 中文名称')) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull();
  });

  it('admin edits the task tiers: thresholds must rise, amounts go in minor units', async () => {
    logIn(sessionOf('admin'));
    const api = fake('admin');
    renderApp('/rewards');
    fireEvent.click(await screen.findByRole('tab', { name: '每日投注任务' }));
    await screen.findByLabelText('第 2 档 当日有效投注（元）');
    // The tier the server reports switched off is not one of today's tiers.
    expect(screen.queryByLabelText('第 3 档 当日有效投注（元）')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /添加档位/ }));
    fireEvent.change(await screen.findByLabelText('第 3 档 当日有效投注（元）'), { target: { value: '5000' } });
    fireEvent.change(screen.getByLabelText('第 3 档 奖励金额（元）'), { target: { value: '58.8' } });
    fireEvent.click(save());
    expect(await screen.findByText('各档投注额须逐档递增')).toBeTruthy();
    expect(api.count('/tasks/tiers/save')).toBe(0);

    fireEvent.change(screen.getByLabelText('第 3 档 当日有效投注（元）'), { target: { value: '10000' } });
    fireEvent.click(screen.getByRole('button', { name: '删除第 1 档' }));
    fireEvent.click(save());
    await waitFor(() => expect(api.count('/tasks/tiers/save')).toBe(1));
    expect(api.last('/tasks/tiers/save')!.body).toEqual({
      tiers: [
        { validBet: 500_000, amount: 3_800, turnoverMultiple: 1 },
        { validBet: 1_000_000, amount: 5_880, turnoverMultiple: 1 },
      ],
    });
    expect(await screen.findByText('已保存 2 个档位')).toBeTruthy();
  });

  it("admin sees the server's 422 on the tiers", async () => {
    logIn(sessionOf('admin'));
    const api = fake('admin', { '/tasks/tiers/save': () => ({ code: 422, msg: '各档投注额须逐档递增' }) });
    renderApp('/rewards');
    fireEvent.click(await screen.findByRole('tab', { name: '每日投注任务' }));
    await screen.findByLabelText('第 1 档 当日有效投注（元）');
    fireEvent.click(save());
    await waitFor(() => expect(api.count('/tasks/tiers/save')).toBe(1));
    expect(await screen.findByText('各档投注额须逐档递增')).toBeTruthy();
  });

  it('admin edits the wheel: each chance and the mean prize follow the weights typed; all at 0 is refused', async () => {
    logIn(sessionOf('admin'));
    const api = fake('admin');
    renderApp('/rewards');
    fireEvent.click(await screen.findByRole('tab', { name: '幸运转盘' }));
    expect(await screen.findByTestId('chance-1')).toHaveProperty('textContent', '50.00%');
    expect(screen.getByTestId('chance-8').textContent).toBe('0.10%');
    expect(screen.getByTestId('expected-value').textContent).toBe('¥6.24');

    fireEvent.change(screen.getByLabelText('奖品 1 权重'), { target: { value: '1500' } });
    await waitFor(() => expect(screen.getByTestId('chance-1').textContent).toBe('75.00%'));
    expect(screen.getByTestId('expected-value').textContent).toBe('¥3.12');

    for (let i = 1; i <= 8; i++) fireEvent.change(screen.getByLabelText(`奖品 ${i} 权重`), { target: { value: '0' } });
    fireEvent.click(save());
    expect(await screen.findByText('至少一个奖品的权重须大于 0')).toBeTruthy();
    expect(api.count('/spin/prizes/save')).toBe(0);

    fireEvent.change(screen.getByLabelText('奖品 8 权重'), { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText('奖品 8 金额（元）'), { target: { value: '999.99' } });
    fireEvent.change(screen.getByLabelText('奖品 8 中文名称'), { target: { value: '头奖' } });
    fireEvent.click(save());
    await waitFor(() => expect(api.count('/spin/prizes/save')).toBe(1));
    const sent = api.last('/spin/prizes/save')!.body.prizes as Record<string, unknown>[];
    expect(sent).toHaveLength(8);
    expect(sent[7]).toEqual({ labelZh: '头奖', labelEn: '¥888.88', amount: 99_999, weight: 7, turnoverMultiple: 1 });
    expect(sent[1]).toEqual({ labelZh: '¥1.88', labelEn: '¥1.88', amount: 188, weight: 0, turnoverMultiple: 1 });
    expect(await screen.findByText('已保存转盘奖品')).toBeTruthy();
  });
});
