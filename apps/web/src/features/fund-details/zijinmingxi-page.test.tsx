import { cleanup, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { fakeApi } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import ZijinmingxiPage from './zijinmingxi-page';

const entry = (id: number, type: string, amount: number, reference: object) => ({
  id,
  type,
  amount,
  balanceAfter: 0,
  createdAt: '2026-11-20T08:00:00Z',
  reference,
  memo: null,
});

/** A correction took back ¥300.00 of which the cash held ¥100.00; a ¥500.00 deposit cleared the ¥200.00 owed. */
const ENTRIES = [
  entry(3, 'debt_repayment', -20000, { table: 'deposit_orders', id: 'D20261121000001' }),
  entry(2, 'deposit', 50000, { table: 'deposit_orders', id: 'D20261121000001' }),
  entry(1, 'correction', -10000, { table: 'bets', id: '26112016000012345678', context: 'taiqiu' }),
];

function api(owed: number) {
  return fakeApi({
    '/user/balanceDetails': () => ({ code: 200, data: { list: ENTRIES, total: 3, page: 1, pageSize: 20 } }),
    '/user/debt': () => ({ code: 200, data: { owed, moves: [] } }),
  });
}

const open = () => renderAt(<ZijinmingxiPage />, '/user/zijinmingxi', '/user/zijinmingxi');

// happy-dom has no layout: antd's InfiniteScroll needs an offsetParent to consider itself visible.
const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetParent');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', { configurable: true, get: () => document.body });
});
afterAll(() => {
  if (original) Object.defineProperty(HTMLElement.prototype, 'offsetParent', original);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await setLanguage('zh-CN');
});

describe('/user/zijinmingxi', () => {
  it('names a correction 结果更正 and a deposit clearing a debt 欠款扣回, in the rows and the type chips', async () => {
    api(0);
    open();
    const rows = within(await screen.findByTestId('ledger-rows'));
    expect(rows.getAllByText(/^(结果更正|欠款扣回|充值)$/).map((e) => e.textContent)).toEqual([
      '欠款扣回',
      '充值',
      '结果更正',
    ]);
    expect(rows.getByText('注单 26112016000012345678')).toBeTruthy();
    expect(rows.getAllByText('D20261121000001')).toHaveLength(2);
    const chips = screen.getByTestId('entry-type-chips');
    expect(chips.querySelector('[data-type="correction"]')?.textContent).toBe('结果更正');
    expect(chips.querySelector('[data-type="debt_repayment"]')?.textContent).toBe('欠款扣回');
  });

  it('in English: Result correction, Debt repayment', async () => {
    await setLanguage('en');
    api(0);
    open();
    const chips = within(await screen.findByTestId('entry-type-chips'));
    expect(chips.getByText('Result correction').getAttribute('data-type')).toBe('correction');
    expect(chips.getByText('Debt repayment').getAttribute('data-type')).toBe('debt_repayment');
  });

  it('a player who owes sees the notice above the list, and in English', async () => {
    api(12345);
    open();
    const notice = await screen.findByTestId('debt-notice');
    expect(notice.textContent).toContain('待扣回欠款¥123.45');
    const filters = screen.getByTestId('entry-type-chips');
    expect(notice.compareDocumentPosition(filters) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await setLanguage('en');
    expect(screen.getByTestId('debt-notice').textContent).toContain(
      'Owed¥123.45DetailsA corrected result took back a payout; your next deposits, payouts, rewards and rebates clear it first.',
    );
  });
});
