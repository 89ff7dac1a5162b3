import { and, asc, desc, eq } from 'drizzle-orm';
import { ErrorCode, type contentAdmin, type content, type PageRequest } from '@breakshot/contracts';
import { audited } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import type { Conn } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { pageOf } from '../../platform/paging.js';
import { bannerArt } from './banner.js';
import { toItem } from './notice-item.js';
import { sanitizeHtml } from './sanitize.js';
import { saveContentPage } from './pages.js';
import { contentPages, notices, type NoticeRow } from './tables.js';

/*
 * Content as the content operator runs it: every notice (withdrawn ones too), publishing one
 * (players learn of it at once on the live connection) and withdrawing one; the rule pages.
 */

export function listNoticesForOperator(db: Conn, page: PageRequest) {
  return pageOf(
    page,
    (limit, offset) =>
      db.select().from(notices).orderBy(desc(notices.publishedAt), desc(notices.id)).limit(limit).offset(offset),
    () => db.$count(notices),
    toAdminNotice,
  );
}

export type NoticeInput = Omit<
  contentAdmin.AdminNotice,
  'id' | 'type' | 'image' | 'link' | 'publishedAt' | 'withdrawnAt' | 'titleEn'
> & {
  titleEn?: string | undefined;
  summaryEn?: string | undefined;
  bodyEn?: string | undefined;
  type?: content.NoticeType | undefined;
  link?: string | undefined;
};

/** The art of a banner published from the console (the seed's banners pick their own). */
const CONSOLE_BANNER_COLORS: [string, string] = ['#d4a646', '#8a5a12'];

export async function publishNotice(ctx: AppContext, operator: string, input: NoticeInput) {
  const row = await audited(
    ctx,
    operator,
    async (tx) => {
      const [inserted] = await tx
        .insert(notices)
        .values({
          type: input.type ?? 'notice',
          image: input.type === 'banner' ? bannerArt(CONSOLE_BANNER_COLORS) : null,
          link: input.link || null,
          title: input.title,
          summary: input.summary,
          body: sanitizeHtml(input.body),
          titleEn: input.titleEn || null,
          summaryEn: input.summaryEn || null,
          bodyEn: input.bodyEn ? sanitizeHtml(input.bodyEn) : null,
          publishedAt: ctx.now(),
        })
        .returning();
      if (!inserted) throw new Error('notice insert returned no row');
      await ctx.live.notifyAll({ type: 'NOTICE_PUBLISHED', id: inserted.id, title: inserted.title }, tx);
      return inserted;
    },
    (r) => ({
      action: 'notice.publish',
      target: String(r.id),
      payload: {},
      before: null,
      after: { type: r.type, title: r.title, link: r.link },
    }),
  );
  return toAdminNotice(row);
}

export async function withdrawNotice(ctx: AppContext, operator: string, id: number) {
  const { after } = await audited(
    ctx,
    operator,
    async (tx) => {
      const [was] = await tx.select().from(notices).where(eq(notices.id, id)).for('update');
      if (!was) throw new AppError(ErrorCode.NOT_FOUND, 'noticeNotFound');
      const [now] = await tx
        .update(notices)
        .set({ withdrawnAt: was.withdrawnAt ?? ctx.now() })
        .where(eq(notices.id, id))
        .returning();
      await ctx.live.notifyAll({ type: 'NOTICE_WITHDRAWN', id }, tx);
      return { before: was, after: now ?? was };
    },
    ({ before, after }) => ({
      action: 'notice.withdraw',
      target: String(id),
      payload: { title: after.title },
      before: { withdrawnAt: before.withdrawnAt?.toISOString() ?? null },
      after: { withdrawnAt: after.withdrawnAt?.toISOString() ?? null },
    }),
  );
  return toAdminNotice(after);
}

function toAdminNotice(r: NoticeRow): contentAdmin.AdminNotice {
  return {
    ...toItem(r, 'zh-CN'),
    body: r.body,
    titleEn: r.titleEn,
    withdrawnAt: r.withdrawnAt?.toISOString() ?? null,
  };
}

export async function listContentPages(db: Conn) {
  const rows = await db
    .select()
    .from(contentPages)
    .orderBy(
      asc(contentPages.group),
      asc(contentPages.category),
      asc(contentPages.sort),
      asc(contentPages.key),
      asc(contentPages.lang),
    );
  return { list: rows.map(toAdminPage) };
}

/** Writes a page's text in one language, with the title and size before and after in the audit log. */
export async function saveContentPageAs(ctx: AppContext, operator: string, input: contentAdmin.ContentPageInput) {
  const saved = await audited(
    ctx,
    operator,
    async (tx) => {
      const where = and(eq(contentPages.key, input.key), eq(contentPages.lang, input.lang));
      const [was] = await tx.select().from(contentPages).where(where).for('update');
      await saveContentPage(tx, input.key, input.lang, input, ctx.now());
      const [now] = await tx.select().from(contentPages).where(where);
      if (!now) throw new Error(`content page ${input.key} not saved`);
      return { was, now };
    },
    ({ was, now }) => ({
      action: 'content.page.save',
      target: `${input.key}:${input.lang}`,
      payload: {},
      before: was ? describePage(was) : null,
      after: describePage(now),
    }),
  );
  return toAdminPage(saved.now);
}

type PageRow = typeof contentPages.$inferSelect;

const describePage = (r: PageRow) => ({
  title: r.title,
  bodyLength: r.body.length,
  group: r.group,
  category: r.category,
  sort: r.sort,
});

function toAdminPage(r: PageRow): contentAdmin.AdminContentPage {
  return {
    key: r.key,
    lang: r.lang,
    group: r.group,
    category: r.category,
    sort: r.sort,
    title: r.title,
    body: r.body,
    updatedAt: r.updatedAt.toISOString(),
  };
}
