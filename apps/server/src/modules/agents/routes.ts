import type { FastifyInstance } from 'fastify';
import { agent } from '@breakshot/contracts';
import { sessionUser } from '../../platform/auth-hook.js';
import { clientKey } from '../../platform/ip-key.js';
import { requestLang } from '../../platform/lang.js';
import { route } from '../../platform/route.js';
import { agentHome } from './home.js';
import { addLink, countClick, listLinks, setLinkStatus, setShareLink } from './links.js';
import { memberBalanceDetails, memberBetDetails, memberBets, memberDetails, setMemberRates } from './member-details.js';
import { listMembers } from './members.js';
import { openAccount } from './open-account.js';
import { inviteThisMonth } from './this-month.js';
import { clickVisitor } from './visitor-cookie.js';

/**
 * The agent area's team calls (docs/screens.md Agent area): home, invite links and their clicks,
 * opening accounts, the members list and a member's details and records. Each acts on the
 * session's own team; a member id outside it is 404 (team.ts).
 */
export async function agentRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const me = (req: Parameters<typeof sessionUser>[0]) => sessionUser(req).userId;
  const visitorKey = ctx.secrets.subkey('visitor-cookie');

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
