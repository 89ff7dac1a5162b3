import { sql } from 'drizzle-orm';
import { system, type SysConfig } from '@breakshot/contracts';
import { audited } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import type { Conn, Db } from '../../platform/db.js';
import { siteConfig } from './tables.js';

/** The site config as the config call returns it; fails when a key is missing (unseeded database). */
export async function getSysConfig(db: Conn): Promise<SysConfig> {
  const rows = await db.select().from(siteConfig);
  return system.sysConfig.parse(Object.fromEntries(rows.map((r) => [r.key, r.value])));
}

/**
 * How long the public config call may answer from memory: a change saved on this instance clears
 * it at once, one saved on another instance shows here within this time.
 */
const CONFIG_CACHE_MS = 5_000;

/** Per database: the config read last, until when it may be used, and a count of saves. */
const cache = new WeakMap<Conn, { config?: SysConfig; until: number; saves: number }>();

/** getSysConfig for the config call every app start makes: read at most once per CONFIG_CACHE_MS. */
export async function cachedSysConfig(db: Db, now: Date): Promise<SysConfig> {
  const entry = cache.get(db) ?? { until: 0, saves: 0 };
  cache.set(db, entry);
  if (entry.config && entry.until > now.getTime()) return entry.config;
  const saves = entry.saves;
  const config = await getSysConfig(db);
  // A save that committed while this read ran may not have been seen: keep nothing then.
  if (entry.saves === saves) Object.assign(entry, { config, until: now.getTime() + CONFIG_CACHE_MS });
  return config;
}

/** A save committed: the next config call reads the database. (A transaction is never a key: no-op.) */
function configSaved(db: Conn): void {
  const entry = cache.get(db);
  if (entry) Object.assign(entry, { config: undefined, saves: entry.saves + 1 });
}

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
