import type { z } from 'zod';
import type { agent, Lang } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import { checkAgentPassword } from './passwords.js';
import { checkOffer, profileOf } from './profiles.js';
import { openAccountUnder } from './registration.js';

type OpenAccountInput = z.output<typeof agent.agentOpenAccount.request>;

/**
 * Opens an account directly under me (kaihu) on terms I may give (422 otherwise), after my
 * security password: made as a registration is (auth), without a session. A taken name: 409.
 */
export async function openAccount(ctx: AppContext, agentId: number, input: OpenAccountInput, lang: Lang) {
  const { kind, rates, dividendRatioBp } = input;
  checkOffer(await profileOf(ctx.db, agentId), { kind, rates, dividendRatioBp }, lang);
  await checkAgentPassword(ctx, agentId, 'security', input.securityPassword, lang);
  const { userId } = await openAccountUnder(ctx, input, {
    parentId: agentId,
    kind,
    rates,
    dividendRatioBp,
    linkId: null,
  });
  return { id: userId, username: input.username };
}
