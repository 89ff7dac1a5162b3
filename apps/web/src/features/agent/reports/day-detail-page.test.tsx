import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session';
import { storage, TOKEN_KEY } from '../../../lib/storage';
import { fakeApi } from '../../../test/fake-api';
import { renderAt } from '../../../test/render';
import { MemberGamesDayPage, CommissionDayPage } from './pages';
import { ok } from '../shared/test-fixtures';

const commission = (id: number) => ({
  memberId: id,
  username: `member${id}`,
  gameType: null,
  values: { validBet: 100_000 - id, rateBp: 120, commission: 1_200 },
});

// happy-dom has no layout: antd's InfiniteScroll needs an offsetParent to consider itself visible.
const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetParent');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', { configurable: true, get: () => document.body });
});
afterAll(() => {
  if (original) Object.defineProperty(HTMLElement.prototype, 'offsetParent', original);
});

const sum = (key: string) =>
  within(screen.getByTestId('day-summary')).getByTestId(`cell-${key}`).querySelector('strong')!;
const rowOf = (key: string) => document.querySelector<HTMLElement>(`[data-testid=day-row][data-row="${key}"]`)!;
const cell = (row: string, key: string) => within(rowOf(row)).getByTestId(`cell-${key}`).querySelector('strong')!;

describe('the day drill-down (one component, DAY_LAYOUTS)', () => {
  beforeEach(() => {
    storage.set(TOKEN_KEY, 'tok');
    useSession.setState({ token: 'tok' });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useSession.setState({ token: null, userInfo: null });
  });

  // Two pages of rows: slower than most under a loaded runner.
  it(
    "yongjinDetails/{date}: the day's summary on top, a row per member, pages of 20 until the total",
    { timeout: 15_000 },
    async () => {
      const api = fakeApi({
        '/agent/report/day': (body) =>
          ok({
            list: Array.from({ length: body.page === 1 ? 20 : 3 }, (_, i) =>
              commission((Number(body.page) - 1) * 20 + i + 1),
            ),
            total: 23,
            page: Number(body.page),
            pageSize: 20,
            summary: { validBet: 2_300_000, rateBp: 120, commission: 27_600 },
          }),
      });
      renderAt(
        <CommissionDayPage />,
        '/user/daili/yongjinDetails/:date',
        '/user/daili/yongjinDetails/2026-03-03?scope=direct',
      );
      await waitFor(() => expect(sum('commission').textContent).toBe('¥276.00'));
      expect(sum('validBet').textContent).toBe('¥23,000.00');
      expect(screen.getByTestId('day-date').textContent).toBe('2026-03-03');
      await waitFor(() => expect(screen.getAllByTestId('day-row')).toHaveLength(23), { timeout: 5_000 });
      expect(api.bodies('/agent/report/day')).toEqual([
        { page: 1, pageSize: 20, detail: 'commission', date: '2026-03-03', scope: 'direct' },
        { page: 2, pageSize: 20, detail: 'commission', date: '2026-03-03', scope: 'direct' },
      ]);
      const row = rowOf('1');
      expect(row.querySelector('a')!.getAttribute('href')).toBe('/user/daili/dailiDetails/1');
      expect(row.querySelector('a')!.textContent).toBe('member1');
      expect(cell('1', 'rateBp').textContent).toBe('1.20%');
      expect(cell('1', 'commission').textContent).toBe('¥12.00');
      expect(screen.getByText('共 23 条')).toBeTruthy();

      // The previous day keeps the scope; the switch asks for the whole team.
      expect(screen.getByLabelText('前一天').getAttribute('href')).toBe(
        '/user/daili/yongjinDetails/2026-03-02?scope=direct',
      );
      fireEvent.click(screen.getByTestId('scope-team'));
      await waitFor(() => expect(api.bodies('/agent/report/day').at(-1)).toMatchObject({ page: 1, scope: 'team' }));
    },
  );

  it('useryouxi/{date}: a row per member and game type, win/loss signed; an empty day says so', async () => {
    let empty = false;
    fakeApi({
      '/agent/report/day': () =>
        ok(
          empty
            ? { list: [], total: 0, page: 1, pageSize: 20, summary: { stake: 0, validBet: 0, payout: 0, winLoss: 0 } }
            : {
                list: [
                  {
                    memberId: 7,
                    username: 'member07',
                    gameType: 'slots',
                    values: { stake: 10_000, validBet: 10_000, payout: 4_000, winLoss: -6_000 },
                  },
                  {
                    memberId: 7,
                    username: 'member07',
                    gameType: 'taiqiu',
                    values: { stake: 5_000, validBet: 5_000, payout: 9_000, winLoss: 4_000 },
                  },
                ],
                total: 2,
                page: 1,
                pageSize: 20,
                summary: { stake: 15_000, validBet: 15_000, payout: 13_000, winLoss: -2_000 },
              },
        ),
    });
    const view = renderAt(<MemberGamesDayPage />, '/user/daili/useryouxi/:date', '/user/daili/useryouxi/2026-03-03');
    await screen.findAllByTestId('day-row');
    expect(rowOf('7-slots').textContent).toContain('电子');
    expect(cell('7-slots', 'winLoss').querySelector('.money-neg')!.textContent).toBe('-¥60.00');
    expect(cell('7-taiqiu', 'winLoss').querySelector('.money-pos')).toBeTruthy();
    expect(sum('winLoss').textContent).toBe('-¥20.00');

    empty = true;
    view.unmount();
    renderAt(<MemberGamesDayPage />, '/user/daili/useryouxi/:date', '/user/daili/useryouxi/2026-03-02');
    expect(await screen.findByText('当天没有明细')).toBeTruthy();
  });
});
