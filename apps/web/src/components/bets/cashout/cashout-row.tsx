import type { ReactNode } from 'react';
import { CashoutButton } from './cashout-button';

type CashableBet = { betNo: string; gameType: string; status: string };

/** Whether a record may be cashed out: an open billiards bet (a single or a parlay). */
export const cashable = (bet: Omit<CashableBet, 'betNo'>) => bet.gameType === 'taiqiu' && bet.status === 'open';

/** A bet's row, with the cash-out bar under it when the bet may be cashed out (inside a CashoutBoard). */
export function CashoutRow({ bet, children }: { bet: CashableBet; children: ReactNode }) {
  if (!cashable(bet)) return children;
  return (
    <div className="cashout-row" data-testid="cashout-row">
      {children}
      <CashoutButton betNo={bet.betNo} />
    </div>
  );
}
