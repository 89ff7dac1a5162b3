import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { operatorCalls, playersAdmin, auth, withdrawals } from '@breakshot/contracts';
import { call, PASSWORD, registerUser, startTestApp, uniqueName, type TestApp } from './test-app.js';

export const ADMIN_TEST_TOKEN = 'test-operator-token-0123456789';
export const FUND_PASSWORD = '135790';

/** A test app whose operator token is ADMIN_TEST_TOKEN. */
export function startWithdrawApp(): Promise<TestApp> {
  return startTestApp({ adminToken: ADMIN_TEST_TOKEN });
}

export interface TestPlayer {
  token: string;
  userId: number;
  username: string;
}

export async function newTestPlayer(t: TestApp, options: { fundPassword?: boolean } = {}): Promise<TestPlayer> {
  const username = uniqueName('wd');
  const token = await registerUser(t.app, username);
  const info = await call(t.app, auth.userInfo, {}, { token });
  if (options.fundPassword ?? true) {
    const res = await call(
      t.app,
      withdrawals.setFundPassword,
      { password: PASSWORD, fundPassword: FUND_PASSWORD },
      { token },
    );
    if (res.code !== 200) throw new Error(`setFundPassword failed: ${res.msg}`);
  }
  return { token, userId: info.data.id, username };
}

/** A player with a fund password, a bound USDT account and this balance, ready to withdraw. */
export async function readyWithdrawer(t: TestApp, balance = 100_000): Promise<{ p: TestPlayer; accountId: number }> {
  const p = await newTestPlayer(t);
  const accountId = await bindUsdt(t, p);
  await fund(t, p.username, balance);
  return { p, accountId };
}

export interface AdminResult<C extends operatorCalls.AdminCall> {
  code: number;
  msg: string;
  data: z.output<C['response']> extends { data: infer D } ? D : never;
}

/**
 * An operator call through inject(): with the operator token (token: false sends none), or as the
 * console operator of `session` (test/helpers/operators.ts makes them).
 */
export async function adminCall<C extends operatorCalls.AdminCall>(
  app: FastifyInstance,
  c: C,
  body: unknown,
  options: { token?: string | false; session?: string } = {},
): Promise<AdminResult<C>> {
  const headers: Record<string, string> = {};
  if (options.session) headers[operatorCalls.OPERATOR_SESSION_HEADER] = options.session;
  else if (options.token !== false) headers[operatorCalls.ADMIN_TOKEN_HEADER] = options.token ?? ADMIN_TEST_TOKEN;
  const res = await app.inject({
    method: 'POST',
    url: operatorCalls.ADMIN_PREFIX + c.path,
    headers,
    payload: body as object,
  });
  if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}: ${res.body}`);
  return res.json();
}

/** Credits the player through the operator's balance adjustment (no turnover). */
export async function fund(t: TestApp, username: string, amount: number): Promise<void> {
  const res = await adminCall(t.app, playersAdmin.balanceAdjust, {
    username,
    amount,
    reason: 'test funds',
    requestId: randomUUID(),
  });
  if (res.code !== 200) throw new Error(`adjust failed: ${res.msg}`);
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
export const trc20Address = () => `T${Array.from({ length: 33 }, () => BASE58[randomInt(BASE58.length)]).join('')}`;
export const erc20Address = () => `0x${Array.from({ length: 40 }, () => '0123456789abcdef'[randomInt(16)]).join('')}`;

/** Binds a TRC20 address and returns the account id. */
export async function bindUsdt(t: TestApp, player: TestPlayer, address = trc20Address()): Promise<number> {
  const res = await call(
    t.app,
    withdrawals.addAccount,
    { type: 'usdt', network: 'TRC20', address, fundPassword: FUND_PASSWORD },
    { token: player.token },
  );
  if (res.code !== 200) throw new Error(`addAccount failed: ${res.msg}`);
  return res.data.id;
}

export async function cashOf(t: TestApp, player: TestPlayer): Promise<{ balance: number; frozen: number }> {
  const info = await call(t.app, auth.userInfo, {}, { token: player.token });
  return { balance: info.data.balance, frozen: info.data.frozen };
}

/** A new bank card number (19 digits) that passes the Luhn check. */
export function luhnCard(): string {
  const body = `622202${String(randomInt(1e9)).padStart(9, '0')}123`;
  const sum = [...body].reverse().reduce((acc, d, i) => {
    const n = Number(d) * (i % 2 === 0 ? 2 : 1);
    return acc + (n > 9 ? n - 9 : n);
  }, 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}
