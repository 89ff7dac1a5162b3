import { and, asc, eq } from 'drizzle-orm';
import { content, ErrorCode, type Lang } from '@breakshot/contracts';
import type { Conn } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { adminAudit } from '../../platform/tables.js';
import { sanitizeHtml } from './sanitize.js';
import { contentPages } from './tables.js';

export interface PageText {
  title: string;
  /** HTML; sanitized before it is stored. */
  body: string;
  /** Not given: a new page is a rule page, an existing one keeps its group and category. */
  group?: content.PageGroup | undefined;
  /** Help entries only. */
  category?: content.HelpCategory | undefined;
  /** Not given: 0 for a new page, kept for an existing one. */
  sort?: number | undefined;
}

/** Writes a page's text in one language; the body is sanitized. */
export async function saveContentPage(db: Conn, key: string, lang: Lang, page: PageText, now: Date) {
  const values = {
    key,
    lang,
    title: page.title,
    body: sanitizeHtml(page.body),
    ...(page.group === undefined
      ? {}
      : { group: page.group, category: page.group === 'help' ? (page.category ?? null) : null }),
    ...(page.sort === undefined ? {} : { sort: page.sort }),
    updatedAt: now,
  };
  await db
    .insert(contentPages)
    .values(values)
    .onConflictDoUpdate({ target: [contentPages.key, contentPages.lang], set: values });
}

type PageRow = typeof contentPages.$inferSelect;

/** Of a key's rows, the one in the reader's language, else the Chinese one. */
const inLang = (rows: PageRow[], lang: Lang) =>
  rows.find((r) => r.lang === lang) ?? rows.find((r) => r.lang === 'zh-CN');

/** A page in the reader's language, else in Chinese. */
export async function getContentPage(db: Conn, key: string, lang: Lang) {
  const page = inLang(await db.select().from(contentPages).where(eq(contentPages.key, key)), lang);
  if (!page) throw new AppError(ErrorCode.NOT_FOUND, 'contentNotFound');
  return { key: page.key, title: page.title, body: page.body, updatedAt: page.updatedAt.toISOString() };
}

/** Every page of a group in the reader's language, by category (in their order) then sort. */
export async function listContentGroup(db: Conn, group: content.PageGroup, lang: Lang) {
  const rows = await db
    .select()
    .from(contentPages)
    .where(eq(contentPages.group, group))
    .orderBy(asc(contentPages.sort), asc(contentPages.key));
  const byKey = new Map<string, PageRow[]>();
  for (const r of rows) byKey.set(r.key, [...(byKey.get(r.key) ?? []), r]);
  const categoryOrder = (c: content.HelpCategory | null) => (c === null ? -1 : content.helpCategories.indexOf(c));
  const list = [...byKey.values()]
    .map((versions) => inLang(versions, lang))
    .filter((r): r is PageRow => r !== undefined)
    .map((r): content.ContentListItem => ({
      key: r.key,
      group: r.group,
      category: r.category,
      sort: r.sort,
      title: r.title,
      body: r.body,
      updatedAt: r.updatedAt.toISOString(),
    }))
    // Stable: within a category the rows keep their sort order.
    .sort((a, b) => categoryOrder(a.category) - categoryOrder(b.category));
  return { list };
}

/**
 * Writes a page the seed provides unless an operator has saved it since (a content.page.save of
 * it in the audit log: the page is theirs then); whether its text changed. An install seeded
 * before the seed's text grew (new market types' rules) catches up on its next start.
 */
export async function refreshSeededPage(db: Conn, key: string, lang: Lang, page: PageText, now: Date) {
  const [edited] = await db
    .select({ id: adminAudit.id })
    .from(adminAudit)
    .where(and(eq(adminAudit.target, `${key}:${lang}`), eq(adminAudit.action, 'content.page.save')))
    .limit(1);
  if (edited) return false;
  const [row] = await db
    .select({ title: contentPages.title, body: contentPages.body })
    .from(contentPages)
    .where(and(eq(contentPages.key, key), eq(contentPages.lang, lang)));
  if (row && row.title === page.title && row.body === sanitizeHtml(page.body)) return false;
  await saveContentPage(db, key, lang, page, now);
  return true;
}
