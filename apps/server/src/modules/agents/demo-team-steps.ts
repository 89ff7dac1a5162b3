import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { adjustBalance } from '../admin/service.js';
import { findPlayer, inviteCodeOf } from '../auth/service.js';
import { placeBet, playerBetsOfRound, settleBet } from '../bets/service.js';
import { INSURANCE_GAME, SLOT_GAME } from '../demo-provider/service.js';
import { gameByCode, providerBet } from '../games/service.js';
import { confirmManualDeposit, listChannelsForOperator, listDeposits, startDeposit } from '../payments/service.js';
import { getSysConfig } from '../system/service.js';
import type { AppContext } from '../../platform/context.js';
import { inTransaction } from '../../platform/db.js';
import { findLiveSessionById, sessionsOfUser } from '../../platform/sessions.js';
import { adminAudit } from '../../platform/tables.js';
import { saveAgentProfile } from './console.js';
import { addLink } from './links.js';
import { openAccount } from './open-account.js';
import { agentPasswordsSet, setAgentPassword } from './passwords.js';
import { profileOf } from './profiles.js';
import { registerPlayer } from './registration.js';
import { agentLinks, agentTransfers } from './tables.js';
import { transferToMember } from './transfer.js';

export const DEMO_TEAM = {
  agent: 'demoagent',
  subAgent: 'demosubagent',
  members: ['demomember1', 'demomember2'],
  /** The login password of all four. */
  password: 'demo1234',
  /** The agent's security and recharge passwords. */
  agentPassword: '123456',
} as const;

/**
 * One step of building the demo team: `done` tells from the rows whether it was made (by an
 * earlier start that a kill cut short, too), `make` does it in one transaction, through the
 * service the call uses.
 */
export interface DemoTeamStep {
  name: string;
  done(ctx: AppContext): Promise<boolean>;
  make(ctx: AppContext): Promise<void>;
}

const OPERATOR = 'demo-seed';
const ZH = 'zh-CN';
const LINK_REMARK = '演示推广链接';
const FUNDS_REQUEST = 'demo-team-funds';
const TRANSFER_REQUEST = 'demo-team-transfer';
const ACTIVITY = { deposit: 100_000, won: { stake: 20_000, oddsMilli: 2_000 }, lost: { stake: 30_000 } };
/** What the operator's confirmation pays (a PENDING order, or one EXPIRED meanwhile). */
const UNPAID: readonly string[] = ['PENDING', 'EXPIRED'];
const rates = (taiqiu: number, slots: number, poker: number) => ({ taiqiu, slots, poker });
/** The provider's round of a member's demo bet in `game`, as the demo provider names rounds (a uuid), the same on every start. */
function roundOf(userId: number, game: string): string {
  const hex = createHash('sha256').update(`demo-team:${userId}:${game}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The demo provider's games (its routes register them before the team is made, in demo mode). */
async function demoGames(ctx: AppContext) {
  const [slot, insurance] = await Promise.all([gameByCode(ctx.db, SLOT_GAME), gameByCode(ctx.db, INSURANCE_GAME)]);
  if (!slot || !insurance)
    throw new Error('the demo agent team needs the demo provider (its games are not registered)');
  return { slot, insurance };
}

/** The id of a team player an earlier step made. */
async function idOf(ctx: AppContext, username: string): Promise<number> {
  const player = await findPlayer(ctx.db, username);
  if (!player) throw new Error(`demo team: ${username} is missing, though its step ran`);
  return player.id;
}

/** Whether `check` holds of a team player's id; false while that player is not made. */
async function doneFor(ctx: AppContext, username: string, check: (id: number) => Promise<boolean>): Promise<boolean> {
  const player = await findPlayer(ctx.db, username);
  return player !== undefined && check(player.id);
}

async function demoLinkCode(ctx: AppContext, agentId: number): Promise<string | undefined> {
  const [link] = await ctx.db
    .select({ code: agentLinks.code })
    .from(agentLinks)
    .where(and(eq(agentLinks.ownerId, agentId), eq(agentLinks.remark, LINK_REMARK)));
  return link?.code;
}

function registered(username: string, inviteCode: (ctx: AppContext) => Promise<string | undefined>): DemoTeamStep {
  return {
    name: `register ${username}`,
    done: async (ctx) => (await findPlayer(ctx.db, username)) !== undefined,
    make: async (ctx) => {
      const input = { username, password: DEMO_TEAM.password, inviteCode: await inviteCode(ctx) };
      await registerPlayer(ctx, input, { inviteCodeRequired: false });
    },
  };
}

function agentPassword(kind: 'security' | 'recharge'): DemoTeamStep {
  return {
    name: `agent ${kind} password`,
    done: (ctx) => doneFor(ctx, DEMO_TEAM.agent, async (id) => (await agentPasswordsSet(ctx.db, id))[kind]),
    make: async (ctx) => {
      const passwords = { loginPassword: DEMO_TEAM.password, newPassword: DEMO_TEAM.agentPassword };
      await setAgentPassword(ctx, await idOf(ctx, DEMO_TEAM.agent), kind, passwords, ZH);
    },
  };
}

/** The member's own order of the demo deposit, if made. */
async function demoDeposit(ctx: AppContext, userId: number) {
  const { list } = await listDeposits(ctx.db, userId, { page: 1, pageSize: 20 });
  return list.find((o) => o.channelType === 'bank' && o.amount === ACTIVITY.deposit);
}

/** A member's bank deposit, the operator's confirmation, and a bet in the demo slot won and a poker insurance premium lost. */
function memberActivity(username: string): DemoTeamStep[] {
  return [
    {
      name: `${username} deposit order`,
      done: (ctx) => doneFor(ctx, username, async (id) => (await demoDeposit(ctx, id)) !== undefined),
      make: async (ctx) => {
        const userId = await idOf(ctx, username);
        const bank = (await listChannelsForOperator(ctx)).list.find((c) => c.type === 'bank');
        // The session the member's registration opened (a deposit order is made in one).
        const [registration] = await sessionsOfUser(ctx.db, userId, 1);
        const session = registration && (await findLiveSessionById(ctx.db, registration.id, ctx.now()));
        if (!bank || !session) return;
        const { timeZone } = await getSysConfig(ctx.db);
        await startDeposit(ctx, session, { channelId: bank.id, amount: ACTIVITY.deposit }, timeZone);
      },
    },
    {
      name: `${username} deposit paid`,
      done: (ctx) =>
        doneFor(ctx, username, async (id) => {
          const order = await demoDeposit(ctx, id);
          return !order || !UNPAID.includes(order.status);
        }),
      make: async (ctx) => {
        const order = await demoDeposit(ctx, await idOf(ctx, username));
        if (order) await confirmManualDeposit(ctx, order.orderNo, OPERATOR);
      },
    },
    {
      name: `${username} bets`,
      done: (ctx) =>
        doneFor(ctx, username, async (id) => {
          const { slot } = await demoGames(ctx);
          const { roundId } = providerBet(slot, roundOf(id, slot.code), false);
          return (await playerBetsOfRound(ctx.db, id, slot.gameType, roundId)).length > 0;
        }),
      make: async (ctx) => {
        const userId = await idOf(ctx, username);
        if ((await demoDeposit(ctx, userId))?.status !== 'PAID') return;
        const { slot, insurance } = await demoGames(ctx);
        const { won, lost } = ACTIVITY;
        // A bet in the demo slot won at 2.00 and a poker insurance premium lost, as its games make them.
        const bets = [
          { ...providerBet(slot, roundOf(userId, slot.code), false), stake: won.stake, oddsMilli: won.oddsMilli },
          { ...providerBet(insurance, roundOf(userId, insurance.code), true), stake: lost.stake },
        ];
        const outcomes = ['won', 'lost'] as const;
        await inTransaction(ctx.db, async (tx) => {
          for (const [n, bet] of bets.entries()) {
            await settleBet(tx, ctx, await placeBet(tx, ctx, { ...bet, userId }), outcomes[n]!, null);
          }
        });
      },
    },
  ];
}

/**
 * The demo agent team, step by step: a top-level agent whose terms the operator sets, its member
 * link, a sub-agent it opens, a member registered through the link and one under the sub-agent,
 * the operator's credit and the agent's transfer, and each member's deposit and settled bets (so
 * the agent's reports have figures from the start). Money moves only through the ledger, under
 * idempotency keys.
 */
export const DEMO_TEAM_STEPS: readonly DemoTeamStep[] = [
  registered(DEMO_TEAM.agent, async () => undefined),
  {
    name: 'agent terms',
    done: (ctx) => doneFor(ctx, DEMO_TEAM.agent, async (id) => (await profileOf(ctx.db, id)).kind === 'agent'),
    make: async (ctx) => {
      const terms = { kind: 'agent' as const, rates: rates(120, 80, 50), dividendRatioBp: 3000, reason: '演示代理' };
      await saveAgentProfile(ctx, OPERATOR, { id: await idOf(ctx, DEMO_TEAM.agent), ...terms }, ZH);
    },
  },
  agentPassword('security'),
  agentPassword('recharge'),
  {
    name: 'agent link',
    done: (ctx) => doneFor(ctx, DEMO_TEAM.agent, async (id) => (await demoLinkCode(ctx, id)) !== undefined),
    make: async (ctx) => {
      const link = { kind: 'member' as const, rates: rates(100, 60, 40), dividendRatioBp: 0, validDays: null };
      await addLink(ctx, await idOf(ctx, DEMO_TEAM.agent), { ...link, remark: LINK_REMARK }, ZH);
    },
  },
  {
    name: `open ${DEMO_TEAM.subAgent}`,
    done: async (ctx) => (await findPlayer(ctx.db, DEMO_TEAM.subAgent)) !== undefined,
    make: async (ctx) => {
      const { subAgent: username, password, agentPassword: securityPassword } = DEMO_TEAM;
      const terms = { kind: 'agent' as const, rates: rates(100, 60, 40), dividendRatioBp: 2000 };
      await openAccount(ctx, await idOf(ctx, DEMO_TEAM.agent), { username, password, securityPassword, ...terms }, ZH);
    },
  },
  registered(DEMO_TEAM.members[0], async (ctx) => demoLinkCode(ctx, await idOf(ctx, DEMO_TEAM.agent))),
  registered(DEMO_TEAM.members[1], async (ctx) => inviteCodeOf(ctx.db, await idOf(ctx, DEMO_TEAM.subAgent))),
  {
    name: 'agent funds',
    done: async (ctx) =>
      (await ctx.db.select().from(adminAudit).where(eq(adminAudit.requestId, FUNDS_REQUEST))).length > 0,
    make: async (ctx) => {
      const funds = { username: DEMO_TEAM.agent, amount: 1_000_000, reason: '演示代理资金' };
      await adjustBalance(ctx, OPERATOR, { ...funds, requestId: FUNDS_REQUEST });
    },
  },
  {
    name: 'agent transfer',
    done: async (ctx) =>
      (await ctx.db.select().from(agentTransfers).where(eq(agentTransfers.requestId, TRANSFER_REQUEST))).length > 0,
    make: async (ctx) => {
      const transfer = { amount: 50_000, turnoverMultiple: 1, remark: '演示代充', requestId: TRANSFER_REQUEST };
      const memberId = await idOf(ctx, DEMO_TEAM.members[0]);
      const input = { ...transfer, memberId, rechargePassword: DEMO_TEAM.agentPassword };
      await transferToMember(ctx, await idOf(ctx, DEMO_TEAM.agent), input, ZH);
    },
  },
  ...DEMO_TEAM.members.flatMap(memberActivity),
];
