import type { GameType } from '@breakshot/contracts';
import { useState } from 'react';
import { GameTypeTabs } from '../../components/bets/bet-list';
import { PlayerBetList } from './bets-ui';

/** /user/touzhulogs: every bet, by game type tab, date and status, with the filter's summary. */
export default function TouzhulogsPage() {
  const [tab, setTab] = useState<GameType | undefined>(undefined);
  return (
    <div className="page bets">
      <GameTypeTabs value={tab} onChange={setTab} />
      <PlayerBetList gameType={tab} testId="bet-records" emptyHomeLink />
    </div>
  );
}
