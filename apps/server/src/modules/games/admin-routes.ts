import type { FastifyInstance } from 'fastify';
import { gamesAdmin } from '@breakshot/contracts';
import { adminRoute } from '../../platform/route.js';
import {
  changeDefaultWinLimit,
  enableGame,
  enableProvider,
  listGames,
  listProviders,
  listProviderTransactions,
  saveGame,
  saveProvider,
} from './console.js';
import { listHeldWins, refuseHeldWin, releaseHeldWin } from './held-wins.js';

/** Operator calls of provider games (an area of the operator plugin, which guards them). */
export async function gamesAdminRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  adminRoute(app, gamesAdmin.providersList, async () => listProviders(ctx));
  adminRoute(app, gamesAdmin.providerSave, async (input, op) => saveProvider(ctx, op.name, input));
  adminRoute(app, gamesAdmin.providerEnable, async (input, op) => enableProvider(ctx, op.name, input));
  adminRoute(app, gamesAdmin.gamesList, async (input) => listGames(ctx.db, input));
  adminRoute(app, gamesAdmin.gameSave, async (input, op) => saveGame(ctx, op.name, input));
  adminRoute(app, gamesAdmin.gameEnable, async (input, op) => enableGame(ctx, op.name, input));
  adminRoute(app, gamesAdmin.transactionsList, async (input) => listProviderTransactions(ctx.db, input));
  adminRoute(app, gamesAdmin.winLimitDefaultSet, async (input, op) => changeDefaultWinLimit(ctx, op.name, input));
  adminRoute(app, gamesAdmin.heldWinsList, async (input) => listHeldWins(ctx.db, input));
  adminRoute(app, gamesAdmin.heldWinRelease, async (input, op) => releaseHeldWin(ctx, op.name, input));
  adminRoute(app, gamesAdmin.heldWinRefuse, async (input, op) => refuseHeldWin(ctx, op.name, input));
}
