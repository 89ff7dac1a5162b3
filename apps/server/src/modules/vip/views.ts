import type { vip } from '@breakshot/contracts';
import type { Conn } from '../../platform/db.js';
import { rebateRateTable, type Rates } from '../rebates/service.js';
import { withdrawalsPerDay } from '../withdrawals/service.js';
import { levelRows } from './levels.js';
import type { VipLevelRow } from './tables.js';

/*
 * Levels as the pages show them, with the privileges other modules keep (rebate rates,
 * withdrawals per day). Not part of service.ts: payments imports that, and withdrawals imports
 * payments, so reaching withdrawals from there would make a cycle.
 */

/** Every level with its privileges: rebate rates and withdrawals per day (kept by their modules). */
export async function levelViews(db: Conn): Promise<vip.VipLevel[]> {
  // One query after the other: `db` may be a transaction, which runs one at a time.
  const rows = await levelRows(db);
  const rates = await rebateRateTable(db);
  const views: vip.VipLevel[] = [];
  for (const row of rows) views.push(levelView(row, rates.get(row.level), await withdrawalsPerDay(db, row.level)));
  return views;
}

function levelView(row: VipLevelRow, rates: Rates | undefined, withdrawalsPerDay: number): vip.VipLevel {
  return {
    level: row.level,
    minValidBet: row.minValidBet,
    minDeposits: row.minDeposits,
    upgradeBonus: row.upgradeBonus,
    weeklyGift: row.weeklyGift,
    monthlyGift: row.monthlyGift,
    turnoverMultiple: row.turnoverMultiple,
    withdrawalsPerDay,
    rebateRates: rates ?? { taiqiu: 0, slots: 0, poker: 0 },
  };
}
