import { and, desc, eq, sum, type SQL } from 'drizzle-orm';
import type { PageRequest } from '@breakshot/contracts';
import type { Conn } from '../../platform/db.js';
import { pageOf } from '../../platform/paging.js';
import { withinTimeRange } from '../../platform/time-range.js';
import { findPlayer, usernamesOf } from '../auth/service.js';
import { rebateClaims } from './tables.js';
import { claimView } from './views.js';

/** A page of claims matching `where`, newest first. */
function claimsPage(db: Conn, input: PageRequest, where: SQL | undefined) {
  return pageOf(
    input,
    (limit, offset) =>
      db
        .select()
        .from(rebateClaims)
        .where(where)
        .orderBy(desc(rebateClaims.createdAt), desc(rebateClaims.id))
        .limit(limit)
        .offset(offset),
    () => db.$count(rebateClaims, where),
  );
}

/** The player's claims, newest first, with the total of the filter (/user/rebate/logs). */
export async function rebateLogs(
  db: Conn,
  userId: number,
  input: PageRequest & { from?: string | undefined; to?: string | undefined },
) {
  const where = and(eq(rebateClaims.userId, userId), ...withinTimeRange(rebateClaims.createdAt, input));
  const [page, [totals]] = await Promise.all([
    claimsPage(db, input, where),
    db
      .select({ total: sum(rebateClaims.amount).mapWith(Number) })
      .from(rebateClaims)
      .where(where),
  ]);
  return { ...page, list: page.list.map(claimView), totalAmount: totals?.total ?? 0 };
}

/** Every player's claims (or one player's), newest first: the operator's list. */
export async function listRebateClaims(db: Conn, input: PageRequest & { username?: string | undefined }) {
  const player = input.username ? await findPlayer(db, input.username) : undefined;
  if (input.username && !player) return { list: [], total: 0, page: input.page, pageSize: input.pageSize };
  const where = player ? eq(rebateClaims.userId, player.id) : undefined;
  const page = await claimsPage(db, input, where);
  const names = await usernamesOf(
    db,
    page.list.map((r) => r.userId),
  );
  return {
    ...page,
    list: page.list.map((r) => ({
      id: r.id,
      username: names.get(r.userId) ?? '',
      amount: r.amount,
      validBet: r.validBet,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
