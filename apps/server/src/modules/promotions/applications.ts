import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Lang, PageRequest, promotions as contract } from '@breakshot/contracts';
import type { Conn } from '../../platform/db.js';
import { pageOf } from '../../platform/paging.js';
import { promotionApplications, promotions, type ApplicationRow, type PromotionRow } from './tables.js';
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
  return applicationsPage(db, input, where, (r) => applicationView(r.a, r.p, lang));
}

/** A page of the applications matching `where` with their promotions, newest first, each made into a T. */
export function applicationsPage<T>(
  db: Conn,
  page: PageRequest,
  where: SQL | undefined,
  view: (r: { a: ApplicationRow; p: PromotionRow }) => T,
) {
  return pageOf(
    page,
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
    view,
  );
}
