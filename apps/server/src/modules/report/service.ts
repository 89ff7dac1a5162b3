import type { EntryType, report } from '@breakshot/contracts';
import type { Conn } from '../../platform/db.js';
import { betsByDay } from '../bets/service.js';
import { depositsByDay } from '../payments/service.js';
import { getSysConfig } from '../system/service.js';
import { cashTotalsByDay } from '../wallet/service.js';
import { withdrawalsByDay } from '../withdrawals/service.js';

/*
 * The player's own report (/user/gerenbaobiao), from each module's figures per day of the site's
 * time zone. Rebates and bonuses are what the ledger credited under those codes; an operator's
 * balance adjustment (code adjustment) is a correction, not a bonus, and is left out, as are
 * agent income (commission, dividend, agent transfers: the agent area reports them).
 */

const CREDITS: readonly EntryType[] = ['rebate', 'bonus'];

export async function personalReport(db: Conn, userId: number, range: { from: string; to: string }) {
  const { timeZone } = await getSysConfig(db);
  const filter = { userId, from: new Date(range.from), to: new Date(range.to) };
  const [deposits, withdrawals, settled, credits] = await Promise.all([
    depositsByDay(db, filter, timeZone),
    withdrawalsByDay(db, filter, timeZone),
    betsByDay(db, filter, timeZone),
    cashTotalsByDay(db, filter, CREDITS, timeZone),
  ]);
  const dates = [...new Set([...deposits.keys(), ...withdrawals.keys(), ...settled.keys(), ...credits.keys()])].sort();
  const days = dates.map((date): report.ReportDay => {
    const bet = settled.get(date);
    return {
      date,
      ...figures({
        deposits: deposits.get(date)?.amount ?? 0,
        withdrawals: withdrawals.get(date)?.amount ?? 0,
        stake: bet?.stake ?? 0,
        validBet: bet?.validBet ?? 0,
        payout: bet?.payout ?? 0,
        rebates: credits.get(date)?.get('rebate') ?? 0,
        bonuses: credits.get(date)?.get('bonus') ?? 0,
      }),
    };
  });
  const sum = (k: keyof Omit<report.ReportFigures, 'winLoss'>) => days.reduce((n, d) => n + d[k], 0);
  const totals = figures({
    deposits: sum('deposits'),
    withdrawals: sum('withdrawals'),
    stake: sum('stake'),
    validBet: sum('validBet'),
    payout: sum('payout'),
    rebates: sum('rebates'),
    bonuses: sum('bonuses'),
  });
  return { totals, days, timeZone };
}

/** docs/screens.md: win/loss = payout − stake + rebates + bonuses. */
function figures(f: Omit<report.ReportFigures, 'winLoss'>): report.ReportFigures {
  return { ...f, winLoss: f.payout - f.stake + f.rebates + f.bonuses };
}
