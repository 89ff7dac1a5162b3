import { randomUUID } from 'node:crypto';
import { agent, auth } from '@breakshot/contracts';
import { call, PASSWORD, registerUser, uniqueName, type TestApp } from './test-app.js';
import { fund, type TestPlayer } from './withdrawals.js';

/* Agents with their passwords, money and members, for the transfer, password and card tests. */

export const SECURITY_PASSWORD = '246810';
export const RECHARGE_PASSWORD = '135246';

export interface TestAgent extends TestPlayer {
  inviteCode: string;
}

/** A player registered with `inviteCode` (a member of its owner), or top-level without. */
export async function newPlayerUnder(t: TestApp, inviteCode?: string): Promise<TestAgent> {
  const username = uniqueName('ag');
  const token = await registerUser(t.app, username, inviteCode ? { inviteCode } : {});
  const info = await call(t.app, auth.userInfo, {}, { token });
  return { token, userId: info.data.id, username, inviteCode: info.data.inviteCode };
}

/** Sets (or with `oldPassword` changes) an agent password; throws unless it answers 200. */
export async function setAgentPassword(
  t: TestApp,
  p: TestPlayer,
  kind: 'security' | 'recharge',
  newPassword: string,
  oldPassword?: string,
): Promise<void> {
  const contract = kind === 'security' ? agent.agentSecurityPasswordSet : agent.agentRechargePasswordSet;
  const body = { loginPassword: PASSWORD, newPassword, ...(oldPassword ? { oldPassword } : {}) };
  const res = await call(t.app, contract, body, { token: p.token });
  if (res.code !== 200) throw new Error(`${kind} password set failed: ${res.msg}`);
}

/** A top-level player with the recharge password and `balance` (an operator's credit, no turnover). */
export async function newPayingAgent(t: TestApp, balance: number): Promise<TestAgent> {
  const a = await newPlayerUnder(t);
  await setAgentPassword(t, a, 'recharge', RECHARGE_PASSWORD);
  if (balance > 0) await fund(t, a.username, balance);
  return a;
}

/** agent/transfer with the agent's recharge password and a fresh request id unless given. */
export function transferCall(t: TestApp, from: TestPlayer, body: Record<string, unknown>, lang?: string) {
  return call(
    t.app,
    agent.agentTransfer,
    { rechargePassword: RECHARGE_PASSWORD, requestId: randomUUID(), ...body },
    { token: from.token, ...(lang ? { lang } : {}) },
  );
}

export async function balanceOf(t: TestApp, p: TestPlayer): Promise<number> {
  return (await call(t.app, auth.userInfo, {}, { token: p.token })).data.balance;
}
