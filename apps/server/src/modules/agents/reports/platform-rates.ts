import type { Conn } from '../../../platform/db.js';
import { localDate } from '../../../platform/time-range.js';
import { getSysConfig } from '../../system/service.js';
import { effectiveRatesOf } from '../settlement/estimate.js';
import { platformTiers } from '../settlement/tiers.js';

/** pingtaifenyong: the platform's table and, per game type, where my team stands on it today. */
export async function platformRates(db: Conn, agentId: number, now: Date) {
  const { timeZone } = await getSysConfig(db);
  const [tiers, mine] = await Promise.all([platformTiers(db), effectiveRatesOf(db, agentId, localDate(now, timeZone))]);
  return {
    tiers,
    mine: mine.map((r) => ({
      gameType: r.gameType,
      teamValidBetToday: r.teamValidBet,
      tierRateBp: r.tierRateBp,
      ownRateBp: r.ownRateBp,
      effectiveRateBp: r.effectiveRateBp,
    })),
  };
}
