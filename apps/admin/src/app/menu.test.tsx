import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, page, consoleFakes } from '../test/fake-api';
import { logIn, renderApp, sessionOf } from '../test/render';
import type { Role } from '../lib/session';

const queues = {
  data: { manualDeposits: 2, withdrawalsReviewing: 3, withdrawalsApproved: 1, tradingAlerts: 5, newestAt: null },
};
const day = {
  date: '2026-11-23',
  depositAmount: 0,
  depositCount: 0,
  withdrawalAmount: 0,
  withdrawalCount: 0,
  ggr: 0,
  activePlayers: 0,
  bettors: 0,
  newPlayers: 0,
};

function fakeConsole(role: Role) {
  return fakeApi({
    ...consoleFakes(role),
    '/queues': () => queues,
    '/dashboard': () => ({ data: { today: day, days: [day], queues: queues.data, timeZone: 'Asia/Shanghai' } }),
    '/notices/list': () => page([]),
    '/players/list': () => page([]),
  });
}

const menuOf = async () => {
  const menu = await screen.findByRole('menu');
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent?.replace(/\d+$/, ''));
};

describe('menu by role', () => {
  const cases: [Role, string[]][] = [
    [
      'admin',
      [
        '数据概览',
        '报表',
        '玩家管理',
        '代理管理',
        '充值管理',
        '提现审核',
        '实名认证',
        '派彩审核',
        '台球赛事',
        '风险总览',
        '风控提醒',
        '实时注单',
        '结果更正',
        '数据源',
        '游戏与供应商',
        'VIP 与返水',
        '奖励',
        '支付通道',
        '公告管理',
        '优惠活动',
        '规则页面',
        '消息',
        '反馈',
        '操作日志',
        '短信发件箱',
        '操作员',
      ],
    ],
    [
      'finance',
      [
        '数据概览',
        '报表',
        '玩家管理',
        '代理管理',
        '充值管理',
        '提现审核',
        '实名认证',
        '派彩审核',
        'VIP 与返水',
        '奖励',
        '支付通道',
        '优惠活动',
      ],
    ],
    [
      'risk',
      [
        '数据概览',
        '报表',
        '玩家管理',
        '代理管理',
        '充值管理',
        '提现审核',
        '实名认证',
        '派彩审核',
        '台球赛事',
        '风险总览',
        '风控提醒',
        '实时注单',
        '结果更正',
        '数据源',
        '游戏与供应商',
        'VIP 与返水',
        '奖励',
        '优惠活动',
        '反馈',
        '操作日志',
        '短信发件箱',
      ],
    ],
    ['content', ['公告管理', '优惠活动', '规则页面', '消息', '反馈']],
  ];
  for (const [role, entries] of cases) {
    it(`${role} sees the sections of the calls it may make`, async () => {
      logIn({ ...sessionOf(role), operator: { username: 'x', role } });
      fakeConsole(role);
      renderApp('/');
      await waitFor(async () => expect(await menuOf()).toEqual(entries));
    });
  }

  it('takes over a role changed on the server (me)', async () => {
    logIn(sessionOf('content'));
    fakeConsole('finance');
    renderApp('/notices');
    await waitFor(async () => expect(await menuOf()).toEqual(cases[1]![1]));
    expect(screen.getByText('财务')).toBeTruthy();
  });

  it('a section the role may not open answers 403, and content staff do not poll the queues', async () => {
    logIn(sessionOf('content'));
    const api = fakeConsole('content');
    renderApp('/withdrawals');
    expect(await screen.findByText('当前角色无权访问此页面')).toBeTruthy();
    expect(api.count('/withdrawals/list')).toBe(0);
    expect(api.count('/queues')).toBe(0);
  });

  it('finance sees the waiting work as badges on deposits and withdrawals', async () => {
    logIn(sessionOf('finance'));
    fakeConsole('finance');
    renderApp('/players');
    const deposits = await screen.findByTestId('badge-deposits');
    expect(deposits.textContent).toContain('2');
    expect(screen.getByTestId('badge-withdrawals').textContent).toContain('4');
    expect(screen.getByText('财务')).toBeTruthy();
  });

  it('risk sees the alerts waiting for a trader as a badge on 风控提醒', async () => {
    logIn(sessionOf('risk'));
    fakeConsole('risk');
    renderApp('/players');
    expect((await screen.findByTestId('badge-tradingAlerts')).textContent).toContain('5');
  });
});
