import type { FastifyInstance, FastifyRequest } from 'fastify';
import { operatorsAdmin } from '@breakshot/contracts';
import { adminRoute, publicAdminRoute } from '../../platform/route.js';
import {
  checkSetupLink,
  confirmTotp,
  createOperator,
  currentOperator,
  inviteOperator,
  issueConsoleTicket,
  listOperators,
  login,
  logout,
  newSetupLink,
  resetOperatorTotp,
  setOperatorRole,
  setOperatorStatus,
  useSetupLink,
  type Client,
} from './service.js';

const clientOf = (req: FastifyRequest): Client => ({ ip: req.ip, userAgent: req.headers['user-agent'] });

/**
 * The console's login and setup links (no session yet): registered beside the operator area, not inside it, and
 * rate limited per client IP; not per name tried, which would let anyone keep its owner out (the
 * lockout is per name and client, login.ts).
 */
export async function operatorLoginRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  publicAdminRoute(app, operatorsAdmin.login, async (input, req) => login(ctx, input, clientOf(req)));
  publicAdminRoute(app, operatorsAdmin.totpConfirm, async (input, req) => confirmTotp(ctx, input, clientOf(req)));
  publicAdminRoute(app, operatorsAdmin.setupLinkCheck, async (input) => checkSetupLink(ctx, input.token));
  publicAdminRoute(app, operatorsAdmin.setupLinkUse, async (input, req) => useSetupLink(ctx, input, clientOf(req)));
}

/** Operator calls on the console session and the operator accounts (an area of the operator plugin). */
export async function operatorRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  adminRoute(app, operatorsAdmin.me, async (_input, op) => currentOperator(ctx.db, op, ctx.now()));
  adminRoute(app, operatorsAdmin.logout, async (_input, op) => {
    await logout(ctx, op);
    return {};
  });
  adminRoute(app, operatorsAdmin.liveTicket, async (_input, op) => ({
    ticket: await issueConsoleTicket(ctx.db, op, ctx.now()),
  }));
  adminRoute(app, operatorsAdmin.operatorCreate, async (input, op) => createOperator(ctx, input, op.name));
  adminRoute(app, operatorsAdmin.operatorsList, async () => ({ list: await listOperators(ctx.db) }));
  adminRoute(app, operatorsAdmin.operatorSetStatus, async (input, op) => setOperatorStatus(ctx, op.name, input));
  adminRoute(app, operatorsAdmin.operatorResetTotp, async (input, op) => resetOperatorTotp(ctx, op.name, input));
  adminRoute(app, operatorsAdmin.operatorInvite, async (input, op) => inviteOperator(ctx, op.name, input));
  adminRoute(app, operatorsAdmin.operatorSetupLink, async (input, op) => newSetupLink(ctx, op.name, input));
  adminRoute(app, operatorsAdmin.operatorSetRole, async (input, op) => setOperatorRole(ctx, op.name, input));
}
