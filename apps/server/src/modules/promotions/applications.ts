import { and, desc, eq } from 'drizzle-orm';
import type { Lang, PageRequest, promotions as contract } from '@breakshot/contracts';
import type { Conn } from '../../platform/db.js';
import { pageOf } from '../../platform/paging.js';
import { promotionApplications, promotions } from './tables.js';
import { applicationView } from './views.js';

/** The player's applications (/user/youhuiCanYu), newest first, of one status if asked. */
export async function myApplications(
  db: Conn,
  userId: number,
  input: PageRequest & { status?: contract.ApplicationStatus | undefined },
  lang: Lang,
) {
  const where = and(
    eq(promotionApplications.userId, userId),
    input.status ? eq(promotionApplications.status, input.status) : undefined,
  );
  return pageOf(
    input,
    (limit, offset) =>
      db
        .select({ a: promotionApplications, p: promotions })
        .from(promotionApplications)
        .innerJoin(promotions, eq(promotions.id, promotionApplications.promotionId))
        .where(where)
        .orderBy(desc(promotionApplications.id))
        .limit(limit)
        .offset(offset),
    () => db.$count(promotionApplications, where),
    (r) => applicationView(r.a, r.p, lang),
  );
}
