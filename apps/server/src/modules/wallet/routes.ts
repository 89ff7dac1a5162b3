import type { FastifyInstance } from 'fastify';
import { wallet } from '@breakshot/contracts';
import { sessionUser } from '../../platform/auth-hook.js';
import { route } from '../../platform/route.js';
import { debtOf } from './debts.js';
import { getEntry, listEntries } from './details.js';

export async function walletRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  route(app, wallet.balanceDetails, async (input, req) => listEntries(ctx.db, sessionUser(req).userId, input));
  route(app, wallet.debt, async (_input, req) => debtOf(ctx.db, sessionUser(req).userId));
  route(app, wallet.balanceDetailsItem, async (input, req) => getEntry(ctx.db, sessionUser(req).userId, input.id));
}
