import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  playersAdmin,
  auth,
  bets,
  content,
  payments,
  wallet,
  withdrawals,
  type CallContract,
} from '@breakshot/contracts';
import { call, captchaId, PASSWORD, TEST_CAPTCHA, type TestApp } from '../helpers/test-app.js';
import { adminCall, FUND_PASSWORD, newTestPlayer, startWithdrawApp } from '../helpers/withdrawals.js';

const NUL = '\u0000';

/** Each call with a valid body and the string fields to poison, one at a time. */
type Case = { name: string; contract: CallContract; body: () => Promise<Record<string, unknown>>; fields: string[] };

describe('control characters and impossible dates are a 400 naming the field, never a 500', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startWithdrawApp();
    token = (await newTestPlayer(t)).token;
  });
  afterAll(() => t.close());

  const captcha = async () => ({ captchaId: await captchaId(t.app), captchaCode: TEST_CAPTCHA });
  const cases: Case[] = [
    {
      name: 'login',
      contract: auth.login,
      body: async () => ({ username: 'someone1', password: PASSWORD, ...(await captcha()) }),
      fields: ['username', 'password', 'captchaId', 'captchaCode'],
    },
    {
      name: 'register',
      contract: auth.register,
      body: async () => ({ username: 'someone2', password: PASSWORD, inviteCode: 'ABC123', ...(await captcha()) }),
      fields: ['username', 'inviteCode', 'captchaId'],
    },
    {
      name: 'captcha/checkCode',
      contract: auth.captchaCheckCode,
      body: captcha,
      fields: ['captchaId', 'captchaCode'],
    },
    {
      name: 'addAccount (bank)',
      contract: withdrawals.addAccount,
      body: async () => ({
        type: 'bank',
        bankName: '招商银行',
        holder: '张三',
        cardNumber: '6222021234567890128',
        branch: '北京朝阳支行',
        fundPassword: FUND_PASSWORD,
      }),
      fields: ['holder', 'branch', 'cardNumber', 'fundPassword'],
    },
    {
      name: 'addAccount (usdt)',
      contract: withdrawals.addAccount,
      body: async () => ({
        type: 'usdt',
        network: 'TRC20',
        address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
        alias: 'mine',
        fundPassword: FUND_PASSWORD,
      }),
      fields: ['address', 'alias'],
    },
    {
      name: 'recharge details',
      contract: payments.details,
      body: async () => ({ orderNo: 'D1' }),
      fields: ['orderNo'],
    },
    { name: 'bet details', contract: bets.betRecordDetails, body: async () => ({ betNo: 'B1' }), fields: ['betNo'] },
    {
      name: 'withdraw details',
      contract: withdrawals.withdrawDetails,
      body: async () => ({ orderNo: 'W1' }),
      fields: ['orderNo'],
    },
    { name: 'content', contract: content.contentGet, body: async () => ({ key: 'taiqiu_rules' }), fields: ['key'] },
  ];

  it.each(cases)('$name', async ({ contract, body, fields }) => {
    for (const field of fields) {
      for (const bad of [`a${NUL}b`, `${NUL}`, 'line\nbreak', 'tab\tbed', 'del\u007f']) {
        const res = await call(t.app, contract, { ...(await body()), [field]: bad }, { token });
        expect(res.code, `${field}=${JSON.stringify(bad)}`).toBe(400);
        expect(res.data).toMatchObject({ field });
      }
    }
  });

  it('admin calls', async () => {
    for (const field of ['username', 'reason']) {
      const body = { username: 'someone1', amount: 100, reason: 'ok', requestId: 'req-0001', [field]: `x${NUL}` };
      const res = await adminCall(t.app, playersAdmin.balanceAdjust, body);
      expect(res).toMatchObject({ code: 400, data: { field } });
    }
  });

  it('dates outside 2000–2099 in a time filter', async () => {
    for (const from of ['0001-01-01T00:00:00+14:00', '1999-12-31T23:59:59Z', '2100-01-01T00:00:00Z']) {
      const res = await call(t.app, wallet.balanceDetails, { page: 1, pageSize: 20, from }, { token });
      expect(res).toMatchObject({ code: 400, data: { field: 'from' } });
      expect(res.msg).toContain('2000');
    }
    const ok = await call(
      t.app,
      wallet.balanceDetails,
      { page: 1, pageSize: 20, from: '2026-01-01T00:00:00+08:00' },
      { token },
    );
    expect(ok.code).toBe(200);
  });

  it('the sandbox page of an order number with a NUL byte', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/pay/sandbox/%00x' })).statusCode).toBe(404);
  });
});
