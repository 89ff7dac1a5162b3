import { paymentsAdmin } from '@breakshot/contracts';
import { describe, expect, it } from 'vitest';
import { call } from '../lib/api';
import { takeProblems } from '../test-network-guard';
import { fakeApi, page } from './fake-api';

const deposit = {
  orderNo: 'D1',
  username: 'player01',
  channel: 'manual',
  amount: 10_000,
  status: 'PENDING',
  createdAt: '2026-03-01T00:00:00Z',
  expiresAt: '2026-03-01T00:30:00Z',
};

describe('fake answers are checked against the contracts', () => {
  it('a renamed field fails the test, naming the call and the field', async () => {
    const { orderNo, ...rest } = deposit;
    fakeApi({ '/deposits/pending': () => page([{ ...rest, orderId: orderNo }]) });
    await call(paymentsAdmin.depositsPending, { page: 1, pageSize: 20 });
    const [problem, ...more] = takeProblems();
    expect(more).toEqual([]);
    expect(problem).toMatch(
      /^fake answer of \/deposits\/pending \(paymentsAdmin\.depositsPending\) does not fit its response schema:/,
    );
    expect(problem).toContain('data.list.0.orderNo: Invalid input: expected string, received undefined');
  });

  it('an answer that fits passes, and so does a refusal in the error envelope', async () => {
    fakeApi({
      '/deposits/pending': () => page([deposit]),
      '/deposits/confirm': () => ({ code: 409, msg: '订单已处理', data: null }),
    });
    await call(paymentsAdmin.depositsPending, { page: 1, pageSize: 20 });
    await call(paymentsAdmin.depositConfirm, { orderNo: 'D1' }).catch(() => {});
    expect(takeProblems()).toEqual([]);
  });

  it('a JSON envelope sent as a whole Response is checked too', async () => {
    fakeApi({
      '/deposits/confirm': () =>
        new Response(JSON.stringify({ code: 409, msg: '订单已处理', data: { reason: 'x' } }), {
          headers: { 'content-type': 'application/json' },
        }),
    });
    await call(paymentsAdmin.depositConfirm, { orderNo: 'D1' }).catch(() => {});
    expect(takeProblems()).toEqual([expect.stringContaining('data.reason: not in the contract')]);
  });
});
