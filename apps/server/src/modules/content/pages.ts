import { eq } from 'drizzle-orm';
import { ErrorCode, type Lang } from '@breakshot/contracts';
import type { Conn } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { sanitizeHtml } from './sanitize.js';
import { contentPages } from './tables.js';

/** Writes a page's text in one language; the body is sanitized. */
export async function saveContentPage(
  db: Conn,
  key: string,
  lang: Lang,
  page: { title: string; body: string },
  now: Date,
) {
  const values = { key, lang, title: page.title, body: sanitizeHtml(page.body), updatedAt: now };
  await db
    .insert(contentPages)
    .values(values)
    .onConflictDoUpdate({ target: [contentPages.key, contentPages.lang], set: values });
}

/** A page in the reader's language, else in Chinese. */
export async function getContentPage(db: Conn, key: string, lang: Lang) {
  const rows = await db.select().from(contentPages).where(eq(contentPages.key, key));
  const page = rows.find((r) => r.lang === lang) ?? rows.find((r) => r.lang === 'zh-CN');
  if (!page) throw new AppError(ErrorCode.NOT_FOUND, 'contentNotFound');
  return { key: page.key, title: page.title, body: page.body, updatedAt: page.updatedAt.toISOString() };
}
