import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Operator settings, one row per key (site config: the keys of contracts' sysConfig). */
export const siteConfig = pgTable('site_config', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
