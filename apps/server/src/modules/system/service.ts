import { sql } from 'drizzle-orm';
import { system, type operatorCalls, type SysConfig } from '@breakshot/contracts';
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

/**
 * Writes site config keys for an operator in one transaction with its audit row: `view` is what
 * the row keeps of the config before and after.
 */
async function saveAudited<T extends Record<string, unknown>>(
  ctx: AppContext,
  operator: string,
  audit: { action: operatorCalls.AuditAction; target: string },
  values: Partial<SysConfig>,
  view: (config: SysConfig) => T,
): Promise<T> {
  const { after } = await audited(
    ctx,
    operator,
    async (tx) => {
      const before = view(await getSysConfig(tx));
      await updateSysConfig(tx, values, ctx.now());
      return { before, after: view(await getSysConfig(tx)) };
    },
    ({ before, after }) => ({ ...audit, payload: {}, before, after }),
  );
  configSaved(ctx.db);
  return after;
}

/** The operator sets the platform's business contact (/user/shangwu). */
export const saveSiteContact = (
  ctx: AppContext,
  operator: string,
  contact: system.SiteContact,
): Promise<system.SiteContact> =>
  saveAudited(ctx, operator, { action: 'site.contact.save', target: 'contact' }, { contact }, (c) => c.contact);

/** The operator sets or clears ('') where the player app's 联系在线客服 leads. */
export const saveServiceUrl = (ctx: AppContext, operator: string, serviceUrl: string) =>
  saveAudited(ctx, operator, { action: 'site.service.save', target: 'serviceUrl' }, { serviceUrl }, (c) => ({
    serviceUrl: c.serviceUrl,
  }));
