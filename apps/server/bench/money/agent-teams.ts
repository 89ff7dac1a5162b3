import { agent, auth } from '@breakshot/contracts';
import type { Database } from '../../src/platform/db.js';
import { instanceContext } from '../../src/platform/instance-context.js';
import { secretBox } from '../../src/platform/secret-box.js';
import { registerPlayer } from '../../src/modules/agents/registration.js';
import { domainEventBus } from '../../src/subscribers.js';
import { createPlayers, type BenchPlayer } from '../lib/players.js';
import type { RunningServer } from '../lib/server.js';
import { fund, inParallel, playerPost } from './setup.js';

/*
 * Agents with teams (the agent transfer case), made through the server's own paths: each agent a
 * registered player whose cash the operator credited, with a recharge password set
 * (agent/rechargePassword/set), and members registered under its invite code (the same
 * registration service as user/register, agents/registration.ts, which places them in its team).
 */

/** The login password lib/players.ts registers with. */
const LOGIN_PASSWORD = 'bench1234';
export const RECHARGE_PASSWORD = '246810';
/** Members register with a cheap password hash, as lib/players.ts does: only their ids are used. */
const CHEAP_HASHING = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

export interface AgentTeam {
  agent: BenchPlayer;
  memberIds: number[];
}

/** `count` agents, each credited `cents`, with `members` members each. */
export async function agentTeams(
  database: Database,
  server: RunningServer,
  count: number,
  members: number,
  cents: number,
): Promise<AgentTeam[]> {
  const agents = await createPlayers(database, count, 'agent');
  const codes = await inParallel(agents, async (a) => {
    await fund(server, a.username, cents);
    await playerPost(server, agent.agentRechargePasswordSet.path, a.token, {
      loginPassword: LOGIN_PASSWORD,
      newPassword: RECHARGE_PASSWORD,
    });
    return (await playerPost<{ inviteCode: string }>(server, auth.userInfo.path, a.token, {})).inviteCode;
  });
  const invited = agents.flatMap((a, i) =>
    Array.from({ length: members }, (_, m) => ({ agent: i, username: `team${i}m${m}`, inviteCode: codes[i]! })),
  );
  const ctx = {
    ...instanceContext(database, () => new Date(), secretBox(Buffer.alloc(32, 7)), domainEventBus()),
    passwordHashing: CHEAP_HASHING,
  };
  const memberIds = await inParallel(invited, async (m) => {
    const input = { username: m.username, password: LOGIN_PASSWORD, inviteCode: m.inviteCode };
    return (await registerPlayer(ctx, input, { inviteCodeRequired: true })).userId;
  });
  return agents.map((a, i) => ({ agent: a, memberIds: memberIds.filter((_, j) => invited[j]!.agent === i) }));
}
