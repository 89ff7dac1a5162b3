import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { logIn, renderWithProviders, sessionOf } from '../../test/render';
import { PlatformTiersTab } from './platform-tiers-tab';

const tiers = [
  { gameType: 'taiqiu', minValidBet: 1_000_000, rateBp: 150 },
  { gameType: 'taiqiu', minValidBet: 0, rateBp: 100 },
  { gameType: 'slots', minValidBet: 500_000, rateBp: 80 },
];

type Reply = { code?: number; msg?: string; data?: unknown };

async function openTab(role: 'admin' | 'finance', save: (b: Record<string, unknown>) => Reply = () => ({})) {
  logIn(sessionOf(role));
  const api = fakeApi({
    '/agents/platformTiers': () => ({ data: { tiers } }),
    '/agents/platformTiers/save': save,
  });
  renderWithProviders(<PlatformTiersTab />);
  await screen.findByLabelText('台球第 1 档 团队有效投注达到（元）');
  return api;
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const saveButton = () => screen.getByRole('button', { name: /保\s*存/ });

describe('platform commission table', () => {
  it('admin edits the tiers in yuan and percent: the whole table is sent with the reason', async () => {
    const api = await openTab('admin', (b) => ({ data: { tiers: b.tiers } }));
    // By threshold, in yuan and percent; a game type without tiers says so.
    expect(input('台球第 1 档 团队有效投注达到（元）').value).toBe('0.00');
    expect(input('台球第 1 档 返佣上限（%）').value).toBe('1.00');
    expect(input('台球第 2 档 团队有效投注达到（元）').value).toBe('10000.00');
    expect(input('台球第 2 档 返佣上限（%）').value).toBe('1.50');
    expect(screen.getByText('未设档位：按代理自身返佣比例')).toBeTruthy();

    type('台球第 2 档 返佣上限（%）', '1.8');
    fireEvent.click(screen.getByRole('button', { name: '删除电子第 1 档' }));
    fireEvent.click(screen.getByRole('button', { name: /添加棋牌档位/ }));
    type('棋牌第 1 档 团队有效投注达到（元）', '2000');
    type('棋牌第 1 档 返佣上限（%）', '0.5');
    type('原因', '下调台球门槛');
    fireEvent.click(saveButton());

    await waitFor(() => expect(api.count('/agents/platformTiers/save')).toBe(1));
    expect(api.last('/agents/platformTiers/save')!.body).toEqual({
      tiers: [
        { gameType: 'taiqiu', minValidBet: 0, rateBp: 100 },
        { gameType: 'taiqiu', minValidBet: 1_000_000, rateBp: 180 },
        { gameType: 'poker', minValidBet: 200_000, rateBp: 50 },
      ],
      reason: '下调台球门槛',
    });
    expect(await screen.findByText('已保存平台分佣表（3 个档位）')).toBeTruthy();
  });

  it("refuses two tiers of one threshold before sending; shows the server's refusal and keeps what was typed", async () => {
    const api = await openTab('admin', () => ({ code: 400, msg: '电子有重复的档位门槛' }));
    fireEvent.click(saveButton());
    expect(await screen.findByText('请填写原因')).toBeTruthy();
    type('原因', '调整');
    // In the server's words.
    type('台球第 1 档 团队有效投注达到（元）', '10000');
    fireEvent.click(saveButton());
    expect(await screen.findByText('台球有重复的档位门槛')).toBeTruthy();
    expect(api.count('/agents/platformTiers/save')).toBe(0);

    type('台球第 1 档 团队有效投注达到（元）', '0');
    type('电子第 1 档 返佣上限（%）', '0.9');
    fireEvent.click(saveButton());
    await waitFor(() => expect(api.count('/agents/platformTiers/save')).toBe(1));
    // Above the reason (and in a toast).
    await waitFor(() =>
      expect(document.querySelector('form .ant-alert-error')?.textContent).toContain('电子有重复的档位门槛'),
    );
    expect(input('电子第 1 档 返佣上限（%）').value).toBe('0.90');
  });

  it('other roles read the table only', async () => {
    await openTab('finance');
    expect(input('台球第 1 档 返佣上限（%）').disabled).toBe(true);
    expect(screen.getByText('仅管理员可修改平台分佣表。')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /添加/ })).toBeNull();
    expect(within(document.body).queryByLabelText('原因')).toBeNull();
  });
});
