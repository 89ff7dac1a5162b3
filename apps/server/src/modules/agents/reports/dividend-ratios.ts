import { asc, count, eq } from 'drizzle-orm';
import { ErrorCode, type agentReports, type Lang, type PageRequest } from '@breakshot/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../../platform/context.js';
import type { Conn } from '../../../platform/db.js';
import { AppError } from '../../../platform/errors.js';
import { pageOf } from '../../../platform/paging.js';
import { teamOf, teamSizesOf } from '../../auth/service.js';
import { checkAgentPassword } from '../passwords.js';
import { profileOf } from '../profiles.js';
import { agentProfiles } from '../tables.js';
import { requireTeamMember } from '../team.js';

/* fenhongbili: my dividend ratio and those of my direct sub-agents, which I set (≤ mine). */

type SetInput = z.output<typeof agentReports.agentDividendRatioSet.request>;

/** My direct members of kind agent, oldest first, with their ratio and team size. */
export async function dividendRatios(db: Conn, agentId: number, req: PageRequest) {
  const direct = teamOf(db, agentId, 'direct');
  const agents = eq(agentProfiles.kind, 'agent');
  const [page, { dividendRatioBp }] = await Promise.all([
    pageOf(
      req,
      (limit, offset) =>
        db
          .select({ id: direct.id, username: direct.username, ratioBp: agentProfiles.dividendRatioBp })
          .from(direct)
          .innerJoin(agentProfiles, eq(agentProfiles.userId, direct.id))
          .where(agents)
          .orderBy(asc(direct.id))
          .limit(limit)
          .offset(offset),
      async () =>
        (
          await db
            .select({ n: count() })
            .from(direct)
            .innerJoin(agentProfiles, eq(agentProfiles.userId, direct.id))
            .where(agents)
        )[0]?.n ?? 0,
    ),
    profileOf(db, agentId),
  ]);
  const sizes = await teamSizesOf(
    db,
    page.list.map((r) => r.id),
  );
  return {
    ...page,
    list: page.list.map((r) => ({ ...r, teamCount: sizes.get(r.id)?.team ?? 0 })),
    myRatioBp: dividendRatioBp,
  };
}

/**
 * Sets a direct sub-agent's ratio, within mine, after my security password (as setRates does:
 * 404 outside my team, 422 not direct, a member, or above my ratio; then the password).
 */
export async function setDividendRatio(ctx: AppContext, agentId: number, input: SetInput, lang: Lang) {
  const { db } = ctx;
  const { depth } = await requireTeamMember(db, agentId, input.memberId);
  if (depth !== 1) throw new AppError(ErrorCode.UNPROCESSABLE, 'agentNotDirect', undefined, { field: 'memberId' });
  const [target, mine] = await Promise.all([profileOf(db, input.memberId), profileOf(db, agentId)]);
  // A member holds no ratio (only 0, which changes nothing, passes).
  if (target.kind !== 'agent' && input.ratioBp > 0) {
    throw new AppError(ErrorCode.UNPROCESSABLE, 'agentRatioMemberOnly', undefined, { field: 'ratioBp' });
  }
  if (input.ratioBp > mine.dividendRatioBp) {
    const params = { max: `${mine.dividendRatioBp / 100}%` };
    throw new AppError(ErrorCode.UNPROCESSABLE, 'agentRatioAboveOwn', params, { field: 'ratioBp' });
  }
  await checkAgentPassword(ctx, agentId, 'security', input.securityPassword, lang);
  await db
    .update(agentProfiles)
    .set({ dividendRatioBp: input.ratioBp, updatedAt: ctx.now() })
    .where(eq(agentProfiles.userId, input.memberId));
  return { id: input.memberId, ratioBp: input.ratioBp };
}
