import { sql } from 'drizzle-orm';
import { system, type SysConfig } from '@breakshot/contracts';
import { audited } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import type { Conn, Db } from '../../platform/db.js';
import { shortCache } from '../../platform/short-cache.js';
import { siteConfig } from './tables.js';

/** The site config as the config call returns it; fails when a key is missing (unseeded database). */
export async function getSysConfig(db: Conn): Promise<SysConfig> {
  const rows = await db.select().from(siteConfig);
  return system.sysConfig.parse(Object.fromEntries(rows.map((r) => [r.key, r.value])));
}

/**
 * The public config call's answer, kept in memory a short while (platform/short-cache.ts): a change
 * saved on this instance clears it at once, one saved on another instance shows here within 5 s.
 */
const configCache = shortCache(
  5_000,
  (db) => getSysConfig(db),
  () => true,
);

/** getSysConfig for the config call every app start makes: read at most once per 5 s. */
export function cachedSysConfig(db: Db, now: Date): Promise<SysConfig> {
  return configCache.get(db, 'config', now.getTime());
}

/** A save committed: the next config call reads the database. (A transaction is never a key: no-op.) */
const configSaved = (db: Conn): void => configCache.saved(db);

/** Writes the given keys, leaving the others as they are. */
export async function updateSysConfig(db: Conn, values: Partial<SysConfig>, now: Date): Promise<void> {
  const rows = Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ({ key, value, updatedAt: now }));
  if (rows.length === 0) return;
  await db
    .insert(siteConfig)
    .values(rows)
    .onConflictDoUpdate({ target: siteConfig.key, set: { value: sql`excluded.value`, updatedAt: now } });
  configSaved(db);
}

export async function hasSysConfig(db: Conn): Promise<boolean> {
  const [row] = await db.select({ key: siteConfig.key }).from(siteConfig).limit(1);
  return row !== undefined;
}

/** The operator sets the platform's business contact (/user/shangwu); audited with before and after. */
export async function saveSiteContact(
  ctx: AppContext,
  operator: string,
  contact: system.SiteContact,
): Promise<system.SiteContact> {
  return audited(
    ctx,
    operator,
    async (tx) => {
      const before = (await getSysConfig(tx)).contact;
      await updateSysConfig(tx, { contact }, ctx.now());
      return { before, after: (await getSysConfig(tx)).contact };
    },
    ({ before, after }) => ({ action: 'site.contact.save', target: 'contact', payload: {}, before, after }),
  ).then((r) => {
    configSaved(ctx.db);
    return r.after;
  });
}
