import type { AppContext } from '../../platform/context.js';
import { depositedInPeriods } from '../payments/service.js';
import { getSysConfig } from '../system/service.js';
import { limitsView } from './service.js';

/** The player's limits with this period's deposits (the player's page and the operator's view). */
export async function playerLimitsView(ctx: AppContext, userId: number) {
  const now = ctx.now();
  const { timeZone } = await getSysConfig(ctx.db);
  return limitsView(ctx.db, userId, now, await depositedInPeriods(ctx.db, userId, now, timeZone));
}
