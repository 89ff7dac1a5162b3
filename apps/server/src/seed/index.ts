import type { Conn } from '../platform/db.js';
import { hasSysConfig } from '../modules/system/service.js';
import { seedContent } from './content.js';
import { seedPayChannels } from './pay-channels.js';
import { seedSiteConfig } from './site-config.js';

export interface SeedOptions {
  /** Seed the channels that pay through the sandbox gateway (never in production). */
  sandboxPay: boolean;
}

/**
 * Loads the demo content through the services when the database is empty (no site config yet).
 * Later issues add their demo data here. Returns whether it seeded.
 */
export async function seedIfEmpty(db: Conn, now: Date, options: SeedOptions): Promise<boolean> {
  if (await hasSysConfig(db)) return false;
  await seedSiteConfig(db, now);
  await seedPayChannels(db, options);
  await seedContent(db, now);
  return true;
}
