import type { GameType } from '@breakshot/contracts';
import { useState } from 'react';
import { GameTypeTabs } from '../../components/bets/bet-list';
import { BetRow } from '../../components/bets/bet-row';
import { betPath, PlayerBetList } from './bets-ui';
import { CashoutBoard } from '../../components/bets/cashout/cashout-board';
import { CashoutRow } from '../../components/bets/cashout/cashout-row';

/**
 * /user/touzhulogs: every bet, by game type tab, date and status, with the filter's summary; an
 * open billiards bet offers its cash-out (提前结算) at its live value.
 */
export default function TouzhulogsPage() {
  const [tab, setTab] = useState<GameType | undefined>(undefined);
  return (
    <div className="page bets">
      <GameTypeTabs value={tab} onChange={setTab} />
      <CashoutBoard>
        <PlayerBetList
          gameType={tab}
          testId="bet-records"
          emptyHomeLink
          renderItem={(b) => (
            <CashoutRow bet={b}>
              <BetRow bet={b} to={betPath(b)} />
            </CashoutRow>
          )}
        />
      </CashoutBoard>
    </div>
  );
}
