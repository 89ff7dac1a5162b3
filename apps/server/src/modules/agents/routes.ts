import type { FastifyInstance } from 'fastify';
import { agent, auth, ErrorCode } from '@breakshot/contracts';
import { sessionUser } from '../../platform/auth-hook.js';
import { AppError } from '../../platform/errors.js';
import { clientKey } from '../../platform/ip-key.js';
import { requestLang } from '../../platform/lang.js';
import { route } from '../../platform/route.js';
import { deviceOf } from '../../platform/sessions.js';
import { admitRegistration, stepUpOf } from '../auth/service.js';
import { getSysConfig } from '../system/service.js';
import { agentHome } from './home.js';
import { addLink, countClick, listLinks, setLinkStatus, setShareLink } from './links.js';
import { memberBalanceDetails, memberBetDetails, memberBets, memberDetails, setMemberRates } from './member-details.js';
import { listMembers } from './members.js';
import { openAccount } from './open-account.js';
import { registerPlayer } from './registration.js';
import { inviteThisMonth } from './this-month.js';
import { clickVisitor } from './visitor-cookie.js';

/**
 * Registration, and the agent area's team calls (docs/screens.md Agent area): home, invite links and their clicks,
 * opening accounts, the members list and a member's details and records. Each acts on the
 * session's own team; a member id outside it is 404 (team.ts).
 */
export async function agentRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const me = (req: Parameters<typeof sessionUser>[0]) => sessionUser(req).userId;
  const visitorKey = ctx.secrets.subkey('visitor-cookie');

  // Registration places the player in the team tree (registration.ts); public, behind the step-up.
  route(
    app,
    auth.register,
    async (input, req) => {
      const sys = await getSysConfig(ctx.db);
      if (!sys.registerEnabled) throw new AppError(ErrorCode.FORBIDDEN, 'registerClosed');
      await admitRegistration(ctx.db, stepUpOf(ctx, req), input, ctx.now());
      const options = { inviteCodeRequired: sys.inviteCodeRequired, device: deviceOf(req) };
      const { token } = await registerPlayer(ctx, input, options);
      return { token };
    },
    // A new name per call: limited per client and per name.
    { limits: ['ip', 'username'] },
  );

  route(app, agent.agentHome, async (_input, req) => agentHome(ctx.db, me(req), ctx.now()));

  route(app, agent.agentLinks, async (_input, req) => listLinks(ctx.db, me(req)));
  route(app, agent.agentLinkAdd, async (input, req) => addLink(ctx, me(req), input, requestLang(req)));
  route(app, agent.agentLinkSetStatus, async (input, req) => setLinkStatus(ctx.db, me(req), input.id, input.enabled));
  route(app, agent.agentShareLinkSet, async (input, req) => setShareLink(ctx.db, me(req), input.linkId));
  // Public (the invite page of a visitor), limited per IP like every call without a session. The
  // visitor is the one of the server's cookie, never the request's `visitor`.
  route(app, agent.inviteClick, async (input, req, reply) => {
    const visitor = clickVisitor(req, reply, visitorKey);
    if (visitor === null) return { counted: false };
    return countClick(ctx, { code: input.code, visitor, address: clientKey(req) });
  });
  route(app, agent.inviteThisMonth, async (_input, req) => inviteThisMonth(ctx.db, me(req), ctx.now()));

  route(app, agent.agentOpenAccount, async (input, req) => openAccount(ctx, me(req), input, requestLang(req)));

  route(app, agent.agentMembers, async (input, req) => listMembers(ctx.db, me(req), input, ctx.now()));
  route(app, agent.agentMemberDetails, async (input, req) => memberDetails(ctx.db, me(req), input.id, ctx.now()));
  route(app, agent.agentMemberSetRates, async (input, req) => setMemberRates(ctx, me(req), input, requestLang(req)));
  route(app, agent.agentMemberBets, async (input, req) => memberBets(ctx.db, me(req), input, requestLang(req)));
  route(app, agent.agentMemberBetDetails, async (input, req) =>
    memberBetDetails(ctx.db, me(req), input.id, input.betNo, requestLang(req)),
  );
  route(app, agent.agentMemberBalanceDetails, async (input, req) => memberBalanceDetails(ctx.db, me(req), input));
}
