import type { Database } from '../../src/platform/db.js';
import { instanceContext } from '../../src/platform/instance-context.js';
import { secretBox } from '../../src/platform/secret-box.js';
import { registerPlayer } from '../../src/modules/agents/registration.js';
import { domainEventBus } from '../../src/subscribers.js';

/*
 * Players for a benchmark, made by the same service as a registration (user, tree, profile, cash
 * account, session), with a cheap password hash: only their sessions are used.
 */

const CHEAP_HASHING = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

export interface BenchPlayer {
  userId: number;
  username: string;
  token: string;
}

/** `count` players named `<prefix><n>`, made `concurrency` at a time. */
export async function createPlayers(
  database: Database,
  count: number,
  prefix = 'bench',
  concurrency = 8,
): Promise<BenchPlayer[]> {
  const players: BenchPlayer[] = new Array(count);
  const ctx = {
    ...instanceContext(database, () => new Date(), secretBox(Buffer.alloc(32, 7)), domainEventBus()),
    passwordHashing: CHEAP_HASHING,
  };
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) {
      const username = `${prefix}${i}`;
      const input = { username, password: 'bench1234' };
      const { token, userId } = await registerPlayer(ctx, input, { inviteCodeRequired: false });
      players[i] = { userId, username, token };
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return players;
}
