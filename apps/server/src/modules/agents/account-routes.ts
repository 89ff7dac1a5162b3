import type { FastifyInstance } from 'fastify';
import { agent } from '@breakshot/contracts';
import { sessionUser } from '../../platform/auth-hook.js';
import { requestLang } from '../../platform/lang.js';
import { route } from '../../platform/route.js';
import { cardOf, saveCard, uplineCard } from './cards.js';
import { resetAgentPassword, setAgentPassword } from './passwords.js';
import { transferToMember } from './transfer.js';

/** The agent's own security: passwords, transfers (代充), the business card; always the session's player. */
export async function agentAccountRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  route(app, agent.agentSecurityPasswordSet, async (input, req) =>
    setAgentPassword(ctx, sessionUser(req).userId, 'security', input, requestLang(req)),
  );
  route(app, agent.agentRechargePasswordSet, async (input, req) =>
    setAgentPassword(ctx, sessionUser(req).userId, 'recharge', input, requestLang(req)),
  );
  route(app, agent.agentPasswordReset, async (input, req) => resetAgentPassword(ctx, sessionUser(req).userId, input));
  route(app, agent.agentTransfer, async (input, req) =>
    transferToMember(ctx, sessionUser(req).userId, input, requestLang(req)),
  );
  route(app, agent.agentCardGet, async (_input, req) => cardOf(ctx.db, sessionUser(req).userId));
  route(app, agent.agentCardSave, async (input, req) => saveCard(ctx, sessionUser(req).userId, input));
  route(app, agent.agentCardUpline, async (_input, req) => uplineCard(ctx.db, sessionUser(req).userId));
}
