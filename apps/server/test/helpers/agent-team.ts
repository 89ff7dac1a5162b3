import { sql } from 'drizzle-orm';
import { agent, auth, type CallContract } from '@breakshot/contracts';
import { captchaId, call, PASSWORD, TEST_CAPTCHA, uniqueName, type CallResult, type TestApp } from './test-app.js';
import { newPlayerUnder, SECURITY_PASSWORD, setAgentPassword, type TestAgent } from './agent-money.js';

/* Agents, their links, opened accounts and members, for the team tests (tree, links, members…). */

export type Rates = agent.CommissionRates;

/** A top-level agent's terms, as an operator would give them. */
export const TOP_RATES: Rates = { taiqiu: 200, slots: 150, poker: 100 };
export const TOP_RATIO = 4000;
export const NO_RATES: Rates = { taiqiu: 0, slots: 0, poker: 0 };

/** Makes the player a top-level agent on these terms (the operator's console does this). */
export async function makeAgent(t: TestApp, userId: number, rates = TOP_RATES, dividendRatioBp = TOP_RATIO) {
  await t.db.execute(sql`
    UPDATE agent_profiles SET kind = 'agent', rates = ${JSON.stringify(rates)}::jsonb, dividend_ratio_bp = ${dividendRatioBp}
    WHERE user_id = ${userId}`);
}

/** A top-level agent with the security password set. */
export async function newTopAgent(t: TestApp): Promise<TestAgent> {
  const a = await newPlayerUnder(t);
  await makeAgent(t, a.userId);
  await setAgentPassword(t, a, 'security', SECURITY_PASSWORD);
  return a;
}

/** The caller's contract call; `lang` as Accept-Language. */
export function as<C extends CallContract>(
  t: TestApp,
  who: { token: string },
  contract: C,
  body: unknown = {},
  lang?: string,
): Promise<CallResult<C>> {
  return call(t.app, contract, body, { token: who.token, ...(lang ? { lang } : {}) });
}

/** A new link of the agent (throws unless 200). */
export async function newLink(
  t: TestApp,
  owner: { token: string },
  body: Partial<{
    kind: agent.MemberKind;
    rates: Rates;
    dividendRatioBp: number;
    remark: string;
    validDays: number | null;
  }> = {},
): Promise<agent.InviteLink> {
  const res = await as(t, owner, agent.agentLinkAdd, { kind: 'member', rates: NO_RATES, validDays: null, ...body });
  if (res.code !== 200) throw new Error(`link/add failed: ${res.msg}`);
  return res.data;
}

/** agent/openAccount with the owner's security password and a fresh name unless given. */
export function openAccountCall(
  t: TestApp,
  owner: { token: string },
  body: Record<string, unknown> = {},
  lang?: string,
) {
  return as(
    t,
    owner,
    agent.agentOpenAccount,
    {
      username: uniqueName('op'),
      password: PASSWORD,
      kind: 'member',
      rates: NO_RATES,
      securityPassword: SECURITY_PASSWORD,
      ...body,
    },
    lang,
  );
}

/** Logs a player in (an opened account has no session until it does). */
export async function login(t: TestApp, username: string): Promise<string> {
  const res = await call(t.app, auth.login, {
    username,
    password: PASSWORD,
    captchaId: await captchaId(t.app),
    captchaCode: TEST_CAPTCHA,
  });
  if (res.code !== 200) throw new Error(`login failed: ${res.msg}`);
  return res.data.token;
}

/** An account the owner opens (throws unless 200), logged in. */
export async function openedAccount(
  t: TestApp,
  owner: { token: string },
  body: Record<string, unknown> = {},
): Promise<TestAgent> {
  const res = await openAccountCall(t, owner, body);
  if (res.code !== 200) throw new Error(`openAccount failed: ${res.msg}`);
  const token = await login(t, res.data.username);
  const info = await as(t, { token }, auth.userInfo);
  return { token, userId: res.data.id, username: res.data.username, inviteCode: info.data.inviteCode };
}

/** One page of the agent's members (throws unless 200). */
export async function members(t: TestApp, owner: { token: string }, body: Record<string, unknown> = {}) {
  const res = await as(t, owner, agent.agentMembers, { pageSize: 100, ...body });
  if (res.code !== 200) throw new Error(`members failed: ${res.msg}`);
  return res.data;
}
