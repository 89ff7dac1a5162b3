import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { storage, TOKEN_KEY } from '../../lib/storage';
import { demoUser, fakeAppApi, type Handler } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import LingjiangPage from './lingjiang-page';
import { rewardRow } from './test-fixtures';

/** A reward list server: rows by status; receive moves them to claimed. */
function rewardServer(rows: ReturnType<typeof rewardRow>[], receive?: Handler) {
  let balance = 10_000;
  const list: Handler = (body) => {
    const of = rows.filter((r) => r.status === body.status);
    const waiting = rows.filter((r) => r.status === 'unclaimed');
    return {
      code: 200,
      data: {
        list: of,
        total: of.length,
        page: body.page,
        pageSize: body.pageSize,
        unclaimedCount: waiting.length,
        unclaimedTotal: waiting.reduce((n, r) => n + r.amount, 0),
      },
    };
  };
  const defaultReceive: Handler = (body) => {
    const named = [...((body.ids as number[] | undefined) ?? []), ...(body.id === undefined ? [] : [body.id])];
    const picked = rows.filter((r) => r.status === 'unclaimed' && named.includes(r.id));
    for (const r of picked) Object.assign(r, { status: 'claimed', claimedAt: new Date().toISOString() });
    const amount = picked.reduce((n, r) => n + r.amount, 0);
    balance += amount;
    return {
      code: 200,
      data: {
        count: picked.length,
        amount,
        turnoverAdded: picked.reduce((n, r) => n + r.amount * r.turnoverMultiple, 0),
        balance,
      },
    };
  };
  return fakeAppApi({
    '/user/reward/list': list,
    '/user/reward/receive': receive ?? defaultReceive,
    '/user/info': () => ({ code: 200, data: { ...demoUser, balance } }),
  });
}

const open = (entry = '/user/lingjiang') => renderAt(<LingjiangPage />, '/user/lingjiang', entry);

describe('claim rewards page', () => {
  beforeEach(() => {
    storage.set(TOKEN_KEY, 'tok');
    useSession.setState({ token: 'tok', userInfo: { ...demoUser, balance: 10_000 } });
  });
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    useSession.setState({ token: null, userInfo: null });
    await setLanguage('zh-CN');
  });

  it('unclaimed rewards: title, source, amount, turnover and a live expiry countdown; the tabs ask by status', async () => {
    const api = rewardServer([
      rewardRow({ id: 1 }),
      rewardRow({ id: 2, source: 'spin', title: '天天转 ¥8.88', amount: 888, turnoverMultiple: 0 }),
      rewardRow({ id: 3, status: 'claimed', claimedAt: '2026-01-03T10:00:00Z', title: '每日投注任务 ¥1,000' }),
      rewardRow({ id: 4, status: 'expired', expiresAt: '2026-01-02T10:00:00Z', title: 'VIP2 周礼金' }),
    ]);
    open();
    const list = await screen.findByTestId('rewards-unclaimed');
    const one = list.querySelector('[data-reward-id="1"]')!;
    expect(one.textContent).toContain('VIP3 晋级礼金');
    expect(one.textContent).toContain('¥30.00');
    expect(one.textContent).toContain('需 3 倍流水');
    expect(within(one as HTMLElement).getByTestId('reward-source').textContent).toBe('VIP 晋级');
    expect(within(one as HTMLElement).getByTestId('reward-expiry').textContent).toMatch(
      /^2 天 0[23]:\d\d:\d\d 后过期$/,
    );
    const two = list.querySelector('[data-reward-id="2"]')!;
    expect(two.textContent).toContain('无流水要求');
    expect(within(two as HTMLElement).getByTestId('reward-source').textContent).toBe('天天转');
    expect(screen.getByTestId('waiting-total').textContent).toBe('¥38.88');
    expect(screen.getByTestId('waiting-count').textContent).toBe('共 2 笔');

    fireEvent.click(screen.getByTestId('tab-claimed'));
    const claimed = await screen.findByTestId('rewards-claimed');
    expect(claimed.textContent).toContain('每日投注任务 ¥1,000');
    expect(claimed.textContent).toContain('领取于');
    expect(claimed.querySelector('[data-testid="claim-one"]')).toBeNull();
    fireEvent.click(screen.getByTestId('tab-expired'));
    expect((await screen.findByTestId('rewards-expired')).textContent).toContain('VIP2 周礼金');
    expect(api.bodies('/user/reward/list').map((b) => b.status)).toEqual(
      expect.arrayContaining(['unclaimed', 'claimed', 'expired']),
    );
  });

  it('claiming one credits it, updates the balance and moves it out of 未领取', async () => {
    const api = rewardServer([rewardRow({ id: 1 }), rewardRow({ id: 2, title: '其他奖励', amount: 500 })]);
    open();
    const list = await screen.findByTestId('rewards-unclaimed');
    const button = within(list.querySelector('[data-reward-id="1"]') as HTMLElement).getByTestId('claim-one');
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await screen.findByText('已领取 ¥30.00，流水要求增加 ¥90.00')).toBeTruthy();
    expect(api.bodies('/user/reward/receive')).toEqual([{ id: 1 }]);
    expect(useSession.getState().userInfo?.balance).toBe(13_000);
    await waitFor(() => expect(document.querySelector('[data-reward-id="1"]')).toBeNull());
    expect(screen.getByTestId('waiting-total').textContent).toBe('¥5.00');
  });

  it('一键领取 confirms the total and the turnover it adds, then claims all', async () => {
    const api = rewardServer([
      rewardRow({ id: 1 }),
      rewardRow({ id: 2, title: '天天转 ¥8.88', amount: 888, turnoverMultiple: 1 }),
    ]);
    open();
    await screen.findByTestId('rewards-unclaimed');
    fireEvent.click(screen.getByTestId('claim-all'));
    // 30.00 × 3 + 8.88 × 1 of turnover.
    expect(
      await screen.findByText('领取 2 笔奖励，合计 ¥38.88。领取后提款所需流水将增加 ¥98.88，完成后方可提款。'),
    ).toBeTruthy();
    expect(api.count('/user/reward/receive')).toBe(0);
    fireEvent.click(screen.getByText('确认领取'));
    expect(await screen.findByText('已领取 ¥38.88，流水要求增加 ¥98.88')).toBeTruthy();
    // Exactly the rewards the confirm showed: one granted meanwhile is not claimed unseen.
    expect(api.bodies('/user/reward/receive')).toEqual([{ ids: [1, 2] }]);
    expect(useSession.getState().userInfo?.balance).toBe(13_888);
    expect(await screen.findByText('暂无待领取的奖励')).toBeTruthy();
    expect(screen.getByTestId('waiting-total').textContent).toBe('¥0.00');
    expect((screen.getByTestId('claim-all') as HTMLButtonElement).disabled).toBe(true);
  });

  it('a refused claim says why in the player’s language', async () => {
    await setLanguage('en');
    rewardServer([rewardRow({ id: 1 })], () => ({ code: 409, msg: 'This reward has expired' }));
    open();
    const list = await screen.findByTestId('rewards-unclaimed');
    expect(list.textContent).toContain('3× turnover');
    fireEvent.click(within(list).getByRole('button', { name: 'Claim' }));
    expect(await screen.findByText('This reward has expired')).toBeTruthy();
    expect(useSession.getState().userInfo?.balance).toBe(10_000);
  });

  it('an empty tab says what would appear there', async () => {
    rewardServer([]);
    open('/user/lingjiang?tab=expired');
    expect(await screen.findByText('没有过期的奖励')).toBeTruthy();
    expect((screen.getByTestId('claim-all') as HTMLButtonElement).disabled).toBe(true);
  });
});
