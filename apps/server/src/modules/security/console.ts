import { desc, like, type SQL } from 'drizzle-orm';
import type { PageRequest, securityAdmin } from '@breakshot/contracts';
import type { Conn } from '../../platform/db.js';
import { pageOf } from '../../platform/paging.js';
import { smsOutbox } from './tables.js';

/** The operator's SMS outbox, newest first; `mobile`: digits the number contains. */
export function listOutbox(db: Conn, input: PageRequest & { mobile?: string | undefined }) {
  const where: SQL | undefined = input.mobile ? like(smsOutbox.mobile, `%${input.mobile}%`) : undefined;
  return pageOf(
    input,
    (limit, offset) => db.select().from(smsOutbox).where(where).orderBy(desc(smsOutbox.id)).limit(limit).offset(offset),
    () => db.$count(smsOutbox, where),
    (r): securityAdmin.OutboxMessage => ({
      id: r.id,
      mobile: r.mobile,
      text: r.text,
      createdAt: r.createdAt.toISOString(),
    }),
  );
}
