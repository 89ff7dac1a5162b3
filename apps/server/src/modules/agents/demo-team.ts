import { ErrorCode } from '@breakshot/contracts';
import { adjustBalance } from '../admin/service.js';
import { findPlayer, inviteCodeOf, registerUser } from '../auth/service.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { saveAgentProfile } from './console.js';
import { addLink } from './links.js';
import { openAccount } from './open-account.js';
import { setAgentPassword } from './passwords.js';
import { transferToMember } from './transfer.js';

/*
 * The demo agent team (demo mode only: known passwords), made through the services the calls
 * use: a top-level agent whose terms the operator sets, its member link, a sub-agent it opens,
 * a member registered through the link and one under the sub-agent, and a transfer.
 */

export const DEMO_TEAM = {
  agent: 'demoagent',
  subAgent: 'demosubagent',
  members: ['demomember1', 'demomember2'],
  /** The login password of all four. */
  password: 'demo1234',
  /** The agent's security and recharge passwords. */
  agentPassword: '123456',
} as const;

const OPERATOR = 'demo-seed';
const rates = (taiqiu: number, slots: number, poker: number) => ({ taiqiu, slots, poker });

/**
 * Makes the team unless its agent exists (every demo start asks; one query when it does). Two
 * instances starting at once: the second finds the name taken and leaves it to the first.
 */
export async function ensureDemoTeam(ctx: AppContext): Promise<boolean> {
  if (await findPlayer(ctx.db, DEMO_TEAM.agent)) return false;
  const { password, agentPassword } = DEMO_TEAM;
  const options = { now: ctx.now(), passwordHashing: ctx.passwordHashing, inviteCodeRequired: false };
  const register = (username: string, inviteCode?: string) =>
    registerUser(ctx.db, { username, password, inviteCode }, options);
  let agentId: number;
  try {
    agentId = (await register(DEMO_TEAM.agent)).userId;
  } catch (err) {
    if (err instanceof AppError && err.code === ErrorCode.CONFLICT) return false;
    throw err;
  }
  await saveAgentProfile(
    ctx,
    OPERATOR,
    { id: agentId, kind: 'agent', rates: rates(120, 80, 50), dividendRatioBp: 3000, reason: '演示代理' },
    'zh-CN',
  );
  for (const kind of ['security', 'recharge'] as const) {
    await setAgentPassword(ctx, agentId, kind, { loginPassword: password, newPassword: agentPassword }, 'zh-CN');
  }
  const link = await addLink(
    ctx,
    agentId,
    { kind: 'member', rates: rates(100, 60, 40), dividendRatioBp: 0, remark: '演示推广链接', validDays: null },
    'zh-CN',
  );
  const sub = await openAccount(
    ctx,
    agentId,
    {
      username: DEMO_TEAM.subAgent,
      password,
      kind: 'agent',
      rates: rates(100, 60, 40),
      dividendRatioBp: 2000,
      securityPassword: agentPassword,
    },
    'zh-CN',
  );
  const member = await register(DEMO_TEAM.members[0], link.code);
  await register(DEMO_TEAM.members[1], await inviteCodeOf(ctx.db, sub.id));
  await adjustBalance(ctx, OPERATOR, {
    username: DEMO_TEAM.agent,
    amount: 1_000_000,
    reason: '演示代理资金',
    requestId: 'demo-team-funds',
  });
  await transferToMember(
    ctx,
    agentId,
    {
      memberId: member.userId,
      amount: 50_000,
      turnoverMultiple: 1,
      remark: '演示代充',
      rechargePassword: agentPassword,
      requestId: 'demo-team-transfer',
    },
    'zh-CN',
  );
  return true;
}
