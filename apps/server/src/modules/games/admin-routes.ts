import type { FastifyInstance } from 'fastify';
import { games } from '@breakshot/contracts';
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
  adminRoute(app, games.providersList, async () => listProviders(ctx));
  adminRoute(app, games.providerSave, async (input, op) => saveProvider(ctx, op.name, input));
  adminRoute(app, games.providerEnable, async (input, op) => enableProvider(ctx, op.name, input));
  adminRoute(app, games.gamesList, async (input) => listGames(ctx.db, input));
  adminRoute(app, games.gameSave, async (input, op) => saveGame(ctx, op.name, input));
  adminRoute(app, games.gameEnable, async (input, op) => enableGame(ctx, op.name, input));
  adminRoute(app, games.transactionsList, async (input) => listProviderTransactions(ctx.db, input));
  adminRoute(app, games.winLimitDefaultSet, async (input, op) => changeDefaultWinLimit(ctx, op.name, input));
  adminRoute(app, games.heldWinsList, async (input) => listHeldWins(ctx.db, input));
  adminRoute(app, games.heldWinRelease, async (input, op) => releaseHeldWin(ctx, op.name, input));
  adminRoute(app, games.heldWinRefuse, async (input, op) => refuseHeldWin(ctx, op.name, input));
}
