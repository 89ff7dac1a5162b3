import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@breakshot/contracts';
import { adjustBalance, setPlayerStatus } from '../admin/service.js';
import { accountOfName, findPlayer, inviteCodeOf, passwordHashesOf, registerUser } from '../auth/service.js';
import { placeBet, settleBet } from '../bets/service.js';
import { INSURANCE_GAME, SLOT_GAME } from '../demo-provider/service.js';
import { gameByCode, providerBet } from '../games/service.js';
import { confirmManualDeposit, listChannelsForOperator, startDeposit } from '../payments/service.js';
import { getSysConfig } from '../system/service.js';
import type { AppContext } from '../../platform/context.js';
import { inTransaction } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { verifyPassword } from '../../platform/password.js';
import { findSession } from '../../platform/sessions.js';
import { saveAgentProfile } from './console.js';
import { addLink } from './links.js';
import { openAccount } from './open-account.js';
import { setAgentPassword } from './passwords.js';
import { transferToMember } from './transfer.js';

/*
 * The demo agent team (demo mode only: known passwords), made through the services the calls
 * use: a top-level agent whose terms the operator sets, its member link, a sub-agent it opens,
 * a member registered through the link and one under the sub-agent, a transfer, and each
 * member's deposit and settled bets in the demo provider's games (so the agent's reports, poker
 * insurance included, have figures from the start).
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
/** Who disables the demo team in the audit log: the server's production start, never an operator's name. */
export const PRODUCTION_START = '@production-start';
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
  const other = await register(DEMO_TEAM.members[1], await inviteCodeOf(ctx.db, sub.id));
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
  for (const m of [member, other]) await demoActivity(ctx, m.token, m.userId);
  return true;
}

const DEMO_ACTIVITY = { deposit: 100_000, won: { stake: 20_000, oddsMilli: 2_000 }, lost: { stake: 30_000 } };

/** The demo provider's games (its routes register them before the team is made, in demo mode). */
async function demoGames(ctx: AppContext) {
  const [slot, insurance] = await Promise.all([gameByCode(ctx.db, SLOT_GAME), gameByCode(ctx.db, INSURANCE_GAME)]);
  if (!slot || !insurance)
    throw new Error('the demo agent team needs the demo provider (its games are not registered)');
  return { slot, insurance };
}

/**
 * A member's bank deposit the operator confirms, a bet in the demo slot won at 2.00 and a poker
 * insurance premium lost, as the player and the demo provider's games would make them.
 */
async function demoActivity(ctx: AppContext, token: string, userId: number): Promise<void> {
  const session = await findSession(ctx.db, token, ctx.now());
  const bank = (await listChannelsForOperator(ctx)).list.find((c) => c.type === 'bank');
  if (session.status !== 'live' || !bank) return;
  const { timeZone } = await getSysConfig(ctx.db);
  const order = await startDeposit(ctx, session.user, { channelId: bank.id, amount: DEMO_ACTIVITY.deposit }, timeZone);
  await confirmManualDeposit(ctx, order.orderNo, OPERATOR);
  const { slot, insurance } = await demoGames(ctx);
  const { won, lost } = DEMO_ACTIVITY;
  await inTransaction(ctx.db, async (tx) => {
    const bets = [
      {
        ...providerBet(slot, randomUUID(), false),
        stake: won.stake,
        oddsMilli: won.oddsMilli,
        outcome: 'won' as const,
      },
      { ...providerBet(insurance, randomUUID(), true), stake: lost.stake, outcome: 'lost' as const },
    ];
    for (const { outcome, ...bet } of bets) {
      const row = await placeBet(tx, ctx, { ...bet, userId });
      await settleBet(tx, ctx, row, outcome, null);
    }
  });
}

/**
 * A production start without demo mode on a database that holds the demo team (a data folder
 * first used in development): each of its accounts that still logs in with the published
 * password is disabled, audited, its sessions ended. Returns the names disabled now; an account
 * whose owner changed its password, or already disabled, is left as it is.
 */
export async function disableDemoTeam(ctx: AppContext): Promise<string[]> {
  const disabled: string[] = [];
  for (const username of [DEMO_TEAM.agent, DEMO_TEAM.subAgent, ...DEMO_TEAM.members]) {
    const account = await accountOfName(ctx.db, username);
    if (!account || account.status !== 'active') continue;
    const hashes = await passwordHashesOf(ctx.db, account.id);
    if (!hashes || !(await verifyPassword(hashes.passwordHash, DEMO_TEAM.password))) continue;
    await setPlayerStatus(ctx, PRODUCTION_START, { username, status: 'disabled', reason: '生产环境停用演示账号' });
    disabled.push(username);
  }
  return disabled;
}
