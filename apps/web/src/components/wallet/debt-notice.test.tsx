import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { USER_QUERY_KEY } from '../../lib/query-client';
import { walletKeys } from '../../lib/wallet-keys';
import { fakeApi } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import { expectBothLanguages } from '../../test/texts';
import { DEBT_TEXTS } from './debt-i18n';
import { DebtNotice } from './debt-notice';

/** A correction took back ¥200.00 the player's cash did not hold; a deposit then cleared ¥76.55 of it. */
const OWING = {
  owed: 12345,
  moves: [
    {
      amount: -7655,
      kind: 'repayment',
      reference: { table: 'deposit_orders', id: 'D20261121000001' },
      createdAt: '2026-11-21T02:30:00Z',
    },
    {
      amount: 20000,
      kind: 'correction',
      reference: { table: 'bets', id: '26112016000012345678', context: 'taiqiu' },
      createdAt: '2026-11-20T08:00:00Z',
    },
  ],
};

const answer = (data: object) => () => ({ code: 200, data });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the debt notice', () => {
  it('shows what is owed and why; tapped, the moves with their time, amount and bet or deposit order', async () => {
    fakeApi({ '/user/debt': answer(OWING) });
    renderAt(<DebtNotice />);
    const notice = await screen.findByTestId('debt-notice');
    expect(notice.textContent).toContain('待扣回欠款¥123.45');
    expect(notice.textContent).toContain('因赛果更正，已派彩需收回。之后的充值、派彩、奖励与返水将优先抵扣。');
    expect(screen.queryByTestId('debt-moves')).toBeNull();

    fireEvent.click(screen.getByTestId('debt-toggle'));
    expect(screen.getByTestId('debt-toggle').getAttribute('aria-expanded')).toBe('true');
    const [repayment, correction] = screen.getAllByTestId('debt-move');
    expect(repayment!.textContent).toBe('到账抵扣-¥76.552026-11-21 10:30:00D20261121000001');
    expect(within(repayment!).getByRole('link').getAttribute('href')).toBe(
      '/user/cunkuanDetails?orderNo=D20261121000001',
    );
    expect(correction!.textContent).toBe('结果更正+¥200.002026-11-20 16:00:00注单 26112016000012345678');
    expect(within(correction!).getByRole('link').getAttribute('href')).toBe(
      '/user/touzhuDetails/taiqiu?betNo=26112016000012345678',
    );
  });

  it('shows nothing when nothing is owed', async () => {
    fakeApi({ '/user/debt': answer({ owed: 0, moves: [] }) });
    const { client, container } = renderAt(<DebtNotice />);
    await waitFor(() => expect(client.getQueryState(walletKeys.debt())?.status).toBe('success'));
    expect(container.innerHTML).toBe('');
  });

  it("reloads with the user's data (as BALANCE_UPDATED does): a deposit that clears the debt hides it", async () => {
    let debt: object = OWING;
    fakeApi({ '/user/debt': () => ({ code: 200, data: debt }) });
    const { client } = renderAt(<DebtNotice />);
    await screen.findByTestId('debt-notice');
    debt = { owed: 0, moves: [{ ...OWING.moves[0], amount: -12345 }, ...OWING.moves] };
    await act(() => client.invalidateQueries({ queryKey: [USER_QUERY_KEY] }));
    await waitFor(() => expect(screen.queryByTestId('debt-notice')).toBeNull());
  });

  it('every text has a Chinese and an English version', () => expectBothLanguages(DEBT_TEXTS));
});
