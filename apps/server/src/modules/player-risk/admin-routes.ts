import type { FastifyInstance } from 'fastify';
import { playerRiskAdmin } from '@breakshot/contracts';
import { adminRoute } from '../../platform/route.js';
import { linkedPlayersOf } from './linked.js';
import { operatorAddNote, operatorSetTags, playerRiskOf } from './risk.js';

/** A player's tags, notes and linked accounts in the console (an area of the operator plugin, which guards it). */
export async function playerRiskAdminRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  adminRoute(app, playerRiskAdmin.playerRisk, async (input) => playerRiskOf(ctx.db, input.userId));
  adminRoute(app, playerRiskAdmin.playerTagsSet, async (input, op) => operatorSetTags(ctx, op.name, input));
  adminRoute(app, playerRiskAdmin.playerLinks, async (input) => linkedPlayersOf(ctx.db, input.userId, ctx.now()));
  adminRoute(app, playerRiskAdmin.playerNoteAdd, async (input, op) => operatorAddNote(ctx, op.name, input));
}
