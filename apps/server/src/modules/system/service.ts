import { sql } from 'drizzle-orm';
import { system, type SysConfig } from '@breakshot/contracts';
import type { Conn } from '../../platform/db.js';
import { siteConfig } from './tables.js';

/** The site config as the config call returns it; fails when a key is missing (unseeded database). */
export async function getSysConfig(db: Conn): Promise<SysConfig> {
  const rows = await db.select().from(siteConfig);
  return system.sysConfig.parse(Object.fromEntries(rows.map((r) => [r.key, r.value])));
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
}

export async function hasSysConfig(db: Conn): Promise<boolean> {
  const [row] = await db.select({ key: siteConfig.key }).from(siteConfig).limit(1);
  return row !== undefined;
}
