import type { FastifyInstance } from 'fastify';
import { rewards } from '@breakshot/contracts';
import { sessionUser } from '../../platform/auth-hook.js';
import { requestLang } from '../../platform/lang.js';
import { route } from '../../platform/route.js';
import { listRewards, receiveRewards, taskRecords, todaysTask } from './service.js';

/** The player's 领奖 (rewards to claim) and the daily betting task. */
export async function rewardRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  route(app, rewards.rewardList, async (input, req) =>
    listRewards(ctx.db, sessionUser(req).userId, input, requestLang(req), ctx.now()),
  );
  route(app, rewards.rewardReceive, async (input, req) => receiveRewards(ctx, sessionUser(req).userId, input));
  route(app, rewards.everydayGameReward, async (_input, req) => todaysTask(ctx.db, sessionUser(req).userId, ctx.now()));
  route(app, rewards.gameRewardRecord, async (input, req) =>
    taskRecords(ctx.db, sessionUser(req).userId, input, ctx.now()),
  );
}
