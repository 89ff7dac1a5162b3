import { and, desc, eq, isNull, lte } from 'drizzle-orm';
import { ErrorCode, type content, type Lang } from '@breakshot/contracts';
import type { Conn } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { pageOf } from '../../platform/paging.js';
import { sanitizeHtml } from './sanitize.js';
import { toItem } from './notice-item.js';
import { notices } from './tables.js';

export interface NoticeText {
  title: string;
  summary: string;
  /** HTML; sanitized before it is stored. */
  body: string;
}

export interface NewNotice {
  type: content.NoticeType;
  zh: NoticeText;
  en?: NoticeText;
  image?: string | null;
  link?: string | null;
  publishedAt: Date;
}

/** Publishes an announcement or banner; the bodies are sanitized on the way in. */
export async function createNotice(db: Conn, input: NewNotice): Promise<number> {
  const [row] = await db
    .insert(notices)
    .values({
      type: input.type,
      title: input.zh.title,
      summary: input.zh.summary,
      body: sanitizeHtml(input.zh.body),
      titleEn: input.en?.title ?? null,
      summaryEn: input.en?.summary ?? null,
      bodyEn: input.en ? sanitizeHtml(input.en.body) : null,
      image: input.image ?? null,
      link: input.link ?? null,
      publishedAt: input.publishedAt,
    })
    .returning({ id: notices.id });
  return row!.id;
}

/** Notices players see at `now`: published by then and not withdrawn. */
const published = (now: Date) => and(lte(notices.publishedAt, now), isNull(notices.withdrawnAt));

/** Published notices of the type, newest first, in the reader's language. */
export async function listNotices(
  db: Conn,
  input: { type?: content.NoticeType | undefined; page: number; pageSize: number },
  lang: Lang,
  now: Date,
) {
  const where = and(published(now), input.type ? eq(notices.type, input.type) : undefined);
  return pageOf(
    input,
    (limit, offset) =>
      db
        .select()
        .from(notices)
        .where(where)
        .orderBy(desc(notices.publishedAt), desc(notices.id))
        .limit(limit)
        .offset(offset),
    () => db.$count(notices, where),
    (r) => toItem(r, lang),
  );
}

export async function noticeDetails(db: Conn, id: number, lang: Lang, now: Date) {
  const [row] = await db
    .select()
    .from(notices)
    .where(and(eq(notices.id, id), published(now)));
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'noticeNotFound');
  return { ...toItem(row, lang), body: (lang === 'en' && row.bodyEn) || row.body };
}

/** Ids of the announcements (type notice) players see now: the inbox's 通知 tab keeps their read marks. */
export async function publishedNoticeIds(db: Conn, now: Date): Promise<number[]> {
  const rows = await db
    .select({ id: notices.id })
    .from(notices)
    .where(and(eq(notices.type, 'notice'), published(now)));
  return rows.map((r) => r.id);
}

export { getContentPage, listContentGroup, refreshSeededPage, saveContentPage } from './pages.js';

// Helpers of the seed's demo content (and of other modules' rich text).
export { bannerArt } from './banner.js';
export { paragraphs, sanitizeHtml } from './sanitize.js';
