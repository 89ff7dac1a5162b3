import type { FastifyInstance } from 'fastify';
import { games } from '@breakshot/contracts';
import { sessionUser } from '../../platform/auth-hook.js';
import { requestLang } from '../../platform/lang.js';
import { route } from '../../platform/route.js';
import { lobby } from './catalogue.js';
import { launchGame } from './launch.js';
import './bet-labels.js';

export interface GameRoutesOptions {
  /**
   * Providers built into this server whose code does not run in this process (the demo provider
   * outside demo mode): their launch pages are not served, so their games are neither listed nor
   * launched, whatever their switch in the database says.
   */
  notServed?: readonly string[];
}

/** The lobby's provider games and launching one. */
export async function gameRoutes(app: FastifyInstance, { notServed = [] }: GameRoutesOptions): Promise<void> {
  const { ctx } = app;
  route(app, games.list, async (_input, req) => lobby(ctx.db, requestLang(req), notServed));
  route(app, games.launch, async (input, req) =>
    launchGame(ctx, sessionUser(req).userId, input.gameCode, requestLang(req), notServed),
  );
}
