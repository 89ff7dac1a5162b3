import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withdrawals } from '@breakshot/contracts';
import { expectLedgerOk, rowCount } from '../helpers/wallet.js';
import { call, type TestApp } from '../helpers/test-app.js';
import { bindUsdt, cashOf, fund, FUND_PASSWORD, newTestPlayer, startWithdrawApp } from '../helpers/withdrawals.js';

describe('concurrent withdrawals', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startWithdrawApp();
  });
  afterAll(() => t.close());

  it('50 at once of the whole balance: exactly one is accepted', async () => {
    const p = await newTestPlayer(t);
    const accountId = await bindUsdt(t, p);
    await fund(t, p.username, 250_000);
    const before = await rowCount(t.db, 'withdrawal_orders');

    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(
          t.app,
          withdrawals.addWithdraw,
          { accountId, amount: 250_000, fundPassword: FUND_PASSWORD },
          { token: p.token },
        ),
      ),
    );
    const accepted = results.filter((r) => r.code === 200);
    expect(accepted).toHaveLength(1);
    for (const r of results.filter((x) => x.code !== 200)) expect(r).toMatchObject({ code: 422, msg: '余额不足' });
    expect(await rowCount(t.db, 'withdrawal_orders')).toBe(before + 1);
    expect(await cashOf(t, p)).toEqual({ balance: 0, frozen: 250_000 });
    await expectLedgerOk(t.db);
  });
});
