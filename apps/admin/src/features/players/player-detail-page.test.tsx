import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, page, consoleFakes } from '../../test/fake-api';
import { logIn, renderApp, sessionOf } from '../../test/render';

const bet = (betNo: string, extra: object) => ({
  betNo,
  gameType: 'taiqiu',
  gameName: 'Ding vs Ronnie',
  stake: 10_000,
  validBet: 0,
  payout: 0,
  status: 'open',
  rejectedReason: null,
  createdAt: '2026-11-23T10:00:00Z',
  settledAt: null,
  marketName: '独赢',
  selectionName: 'Ding',
  odds: 1.85,
  potentialReturn: 18_500,
  result: null,
  cashoutStake: 0,
  cashoutPaid: 0,
  ...extra,
});

type Handlers = Parameters<typeof fakeApi>[0];

function fake(extra: Handlers = {}) {
  return fakeApi({
    ...consoleFakes('risk', 'risk01'),
    '/kyc/list': () => ({
      data: {
        list: [
          {
            id: 3,
            userId: 7,
            username: 'player01',
            realName: '丁小明',
            idMasked: '110***********002X',
            status: 'approved',
            submittedAt: '2026-01-02T00:00:00Z',
            reviewedBy: 'risk01',
            reviewedAt: '2026-01-02T01:00:00Z',
            rejectReason: null,
          },
        ],
        total: 1,
        page: 1,
        pageSize: 1,
      },
    }),
    '/players/detail': () => ({
      data: {
        id: 7,
        username: 'player01',
        nickname: '小丁',
        status: 'active',
        vipLevel: 2,
        balance: 100_000,
        createdAt: '2026-01-01T00:00:00Z',
        lastLoginAt: null,
        mobile: null,
        inviteCode: 'ABC123',
        upline: null,
        frozen: 0,
        turnoverLeft: 0,
        totals: { deposits: 0, withdrawals: 0, stake: 30_000, winLoss: -1_000 },
        sessions: [],
      },
    }),
    '/players/limits': () => ({
      data: {
        username: 'player01',
        deposit: [
          { period: 'day', amount: null, pending: null, used: 0 },
          { period: 'week', amount: null, pending: null, used: 0 },
          { period: 'month', amount: null, pending: null, used: 0 },
        ],
        exclusion: null,
        reminderMinutes: null,
      },
    }),
    '/taiqiu/player/limits': () => ({ data: { userId: 7, stakeFactorBp: 10_000, maxStake: null } }),
    '/players/risk': () => ({ data: { userId: 7, tags: [], notes: [], noteCount: 0 } }),
    '/players/risk/links': () => ({ data: { list: [], total: 0 } }),
    '/players/ledger': () => page([]),
    '/players/bets': () => ({
      data: {
        ...page([
          // Cashed out whole: settled as 已提前结算.
          bet('B1', {
            status: 'cashout',
            validBet: 10_000,
            payout: 9_200,
            settledAt: '2026-11-23T10:30:00Z',
            cashoutStake: 10_000,
            cashoutPaid: 9_200,
          }),
          // Cashed out in part: the rest still runs.
          bet('B2', { cashoutStake: 4_000, cashoutPaid: 5_100 }),
          bet('B3', { status: 'rejected', rejectedReason: 'oddsChanged' }),
          bet('P1', parlayRow),
        ]).data,
        summary: { count: 4, stake: 34_000, validBet: 10_000, payout: 9_200, winLoss: -800 },
      },
    }),
    ...extra,
  });
}

// A 3串4 of 3 legs at ¥10 each combination: one leg won, one lost, one still undecided.
const parlayRow = {
  gameName: '串关 3串4',
  stake: 4_000,
  marketName: '串关',
  selectionName: '3串4',
  odds: null,
  potentialReturn: 23_456,
};

const leg = (matchId: number, gameName: string, selectionName: string, odds: number, result: string | null) => ({
  matchId,
  marketId: matchId * 10,
  selectionId: matchId * 100,
  gameName,
  marketName: '独赢',
  selectionName,
  odds,
  result,
});

/** players/bets/details of a bet of the list: its record and what only the details have. */
const details = (betNo: string, extra: object) => ({
  data: {
    ...bet(betNo, {}),
    roundId: '11',
    round: { title: 'Ding vs Ronnie', startAt: '2026-11-23T11:00:00Z' },
    marketType: 'winner',
    pick: 'a',
    line: null,
    winLoss: null,
    heldPayout: 0,
    parlay: null,
    cashouts: [],
    ...extra,
  },
});

const parlayDetails = details('P1', {
  ...parlayRow,
  roundId: 'P1',
  round: null,
  marketType: null,
  pick: null,
  parlay: {
    system: '3串4',
    sizes: [2, 3],
    combinations: 4,
    unitStake: 1_000,
    potentialReturn: 23_456,
    awaitingCorrection: false,
    legs: [
      leg(1, 'Ding vs Ronnie', 'Ding', 1.85, 'won'),
      leg(2, 'Trump vs Selby', 'Selby', 2.1, 'lost'),
      leg(3, 'Higgins vs Wilson', 'Wilson', 1.6, null),
    ],
  },
});

// B2 of the list: ¥40 of its ¥100 cashed out by hand for ¥51, the rest still running.
const cashoutDetails = details('B2', {
  cashoutStake: 4_000,
  cashoutPaid: 5_100,
  potentialReturn: 11_100,
  cashouts: [{ stakePart: 4_000, paid: 5_100, auto: false, at: '2026-11-23T10:20:00Z' }],
});

async function openBet(betNo: string) {
  fireEvent.click(await screen.findByRole('tab', { name: '投注记录' }));
  fireEvent.click(await screen.findByText(betNo, { selector: '.ant-typography a, a.ant-typography' }));
  return (await screen.findByRole('dialog')) as HTMLElement;
}

const rowOf = (table: HTMLElement, text: string) => within(table).getByText(text).closest('tr') as HTMLElement;

describe('player detail: bets', () => {
  it('labels a cashed-out bet 已提前结算 and shows what was cashed out, when any was', async () => {
    logIn(sessionOf('risk'));
    const api = fake();
    renderApp('/players/player01');
    fireEvent.click(await screen.findByRole('tab', { name: '投注记录' }));
    const b1 = (await screen.findByText('B1')).closest('tr') as HTMLElement;
    expect(api.last('/players/bets')!.body).toMatchObject({ username: 'player01' });
    expect(within(b1).getByText('已提前结算')).toBeTruthy();
    const cashout1 = within(b1).getByTestId('cashout-B1');
    expect(cashout1.textContent).toContain('兑现本金 ¥100.00');
    expect(cashout1.textContent).toContain('兑现金额 ¥92.00');

    const b2 = screen.getByText('B2').closest('tr') as HTMLElement;
    expect(within(b2).getByText('未结算')).toBeTruthy();
    expect(within(b2).getByTestId('cashout-B2').textContent).toContain('兑现本金 ¥40.00');
    expect(within(b2).getByTestId('cashout-B2').textContent).toContain('兑现金额 ¥51.00');

    // None cashed out: a dash, and the other statuses keep their labels.
    const b3 = screen.getByText('B3').closest('tr') as HTMLElement;
    expect(within(b3).getByText('未接受')).toBeTruthy();
    expect(within(b3).queryByTestId('cashout-B3')).toBeNull();
    expect(screen.getByRole('columnheader', { name: '提前结算' })).toBeTruthy();
  });
});

describe("player detail: a bet's details", () => {
  it('opens a parlay with its system, stakes and its three legs with their outcomes', async () => {
    logIn(sessionOf('risk'));
    const api = fake({ '/players/bets/details': () => parlayDetails });
    renderApp('/players/player01');
    const drawer = await openBet('P1');
    const legs = await within(drawer).findByTestId('parlay-legs');
    expect(api.last('/players/bets/details')!.body).toEqual({ username: 'player01', betNo: 'P1' });

    const parlay = within(drawer).getByTestId('bet-parlay');
    expect(parlay.textContent).toContain('3串4');
    expect(parlay.textContent).toContain('每注¥10.00 × 4');
    expect(parlay.textContent).toContain('可赢¥234.56');
    const summary = within(drawer).getByTestId('bet-summary');
    expect(summary.textContent).toContain('投注金额¥40.00');
    expect(within(summary).getByText('未结算')).toBeTruthy();

    expect(within(legs).getAllByRole('row')).toHaveLength(4); // the header and three legs
    const ding = rowOf(legs, 'Ding vs Ronnie');
    expect(ding.textContent).toContain('Ding');
    expect(ding.textContent).toContain('1.85');
    expect(within(ding).getByText('赢')).toBeTruthy();
    expect(within(rowOf(legs, 'Trump vs Selby')).getByText('输')).toBeTruthy();
    expect(within(rowOf(legs, 'Higgins vs Wilson')).getByText('未结算')).toBeTruthy();
    // No cash-out: no cash-out figures, no table.
    expect(within(drawer).queryByTestId('bet-cashouts')).toBeNull();
    expect(summary.textContent).not.toContain('已提前结算本金');
    expect(within(drawer).queryByText(/按更正后的结果重新结算/)).toBeNull();
  });

  it('says so of a parlay a correction left waiting for its other legs', async () => {
    logIn(sessionOf('risk'));
    const slip = parlayDetails.data.parlay as unknown as object;
    const waiting = { data: { ...parlayDetails.data, parlay: { ...slip, awaitingCorrection: true } } };
    fake({ '/players/bets/details': () => waiting });
    renderApp('/players/player01');
    const drawer = await openBet('P1');
    expect(await within(drawer).findByText(/保持原结算，其余场次结束后按更正后的结果重新结算/)).toBeTruthy();
  });

  it('shows a single bet cashed out in part: its cash-out and the figures', async () => {
    logIn(sessionOf('risk'));
    fake({ '/players/bets/details': () => cashoutDetails });
    renderApp('/players/player01');
    const drawer = await openBet('B2');
    const cashouts = await within(drawer).findByTestId('bet-cashouts');

    const summary = within(drawer).getByTestId('bet-summary');
    expect(summary.textContent).toContain('已提前结算本金¥40.00');
    expect(summary.textContent).toContain('提前结算金额¥51.00');
    expect(summary.textContent).toContain('投注内容Ding');
    expect(summary.textContent).toContain('开赛 2026-11-23 19:00:00');
    expect(within(drawer).queryByTestId('parlay-legs')).toBeNull();

    const rows = within(cashouts).getAllByRole('row');
    expect(rows).toHaveLength(2);
    // The site's clock (Asia/Shanghai), the stake it took, what it paid, by hand.
    expect(rows[1]!.textContent).toContain('2026-11-23 18:20:00');
    expect(rows[1]!.textContent).toContain('¥40.00');
    expect(rows[1]!.textContent).toContain('¥51.00');
    expect(within(rows[1]!).getByText('手动')).toBeTruthy();
  });

  it('shows a failed read with a retry that reads it again', async () => {
    logIn(sessionOf('risk'));
    let fail = true;
    const api = fake({
      '/players/bets/details': () => (fail ? { code: 500, msg: '服务器开小差了' } : cashoutDetails),
    });
    renderApp('/players/player01');
    const drawer = await openBet('B2');
    expect(await within(drawer).findByText('服务器开小差了')).toBeTruthy();
    fail = false;
    fireEvent.click(within(drawer).getByRole('button', { name: /重\s*试/ }));
    expect(await within(drawer).findByTestId('bet-cashouts')).toBeTruthy();
    expect(api.count('/players/bets/details')).toBe(2);
  });
});

describe('player detail: real-name verification', () => {
  it('shows the latest submission’s status and name', async () => {
    logIn(sessionOf('risk'));
    const api = fake();
    renderApp('/players/player01');
    expect((await screen.findByTestId('player-kyc')).textContent).toBe('已通过丁小明');
    expect(api.last('/kyc/list')?.body).toEqual({ username: 'player01', page: 1, pageSize: 1 });
  });
});
