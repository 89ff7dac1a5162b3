import { count, desc, eq, type SQL } from 'drizzle-orm';
import type { Lang, PageRequest } from '@breakshot/contracts';
import type { Conn } from '../../platform/db.js';
import { pageOf } from '../../platform/paging.js';
import { channelNameIn } from './channels.js';
import { depositOrders, payChannels } from './tables.js';

/** Deposit orders matching `where` (which may test their channel), newest first, with their channel. */
export async function pageOfDeposits(db: Conn, page: PageRequest, where: SQL | undefined, lang: Lang) {
  return pageOf(
    page,
    (limit, offset) =>
      db
        .select({
          order: depositOrders,
          channelName: channelNameIn(lang),
          channelType: payChannels.type,
          adapter: payChannels.adapter,
        })
        .from(depositOrders)
        .innerJoin(payChannels, eq(payChannels.id, depositOrders.channelId))
        .where(where)
        .orderBy(desc(depositOrders.createdAt), desc(depositOrders.id))
        .limit(limit)
        .offset(offset),
    async () => {
      const [row] = await db
        .select({ n: count() })
        .from(depositOrders)
        .innerJoin(payChannels, eq(payChannels.id, depositOrders.channelId))
        .where(where);
      return row?.n ?? 0;
    },
  );
}
