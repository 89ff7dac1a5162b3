import { content } from '@breakshot/contracts';
import { bigserial, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Announcements and banners (drizzle/0012_content.sql); bodies are stored sanitized. */
export const notices = pgTable('notices', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  type: text('type', { enum: ['notice', 'banner'] }).notNull(),
  title: text('title').notNull(),
  summary: text('summary').notNull(),
  body: text('body').notNull(),
  titleEn: text('title_en'),
  summaryEn: text('summary_en'),
  bodyEn: text('body_en'),
  image: text('image'),
  link: text('link'),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set when the operator withdraws the notice: players no longer see it (drizzle/0014). */
  withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
});
export type NoticeRow = typeof notices.$inferSelect;

/**
 * Rule and information pages by key and language; help entries and about pages are pages of
 * their group (drizzle/0019_content_help.sql).
 */
export const contentPages = pgTable(
  'content_pages',
  {
    key: text('key').notNull(),
    lang: text('lang', { enum: ['zh-CN', 'en'] }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    group: text('page_group', { enum: content.pageGroups }).notNull().default('rules'),
    category: text('category', { enum: content.helpCategories }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.lang] })],
);
