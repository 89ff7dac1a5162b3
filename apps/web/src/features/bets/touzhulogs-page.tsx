import type { GameType } from '@breakshot/contracts';
import { useState } from 'react';
import { GAME_TYPES } from '../../lib/game-types';
import { useT } from '../../lib/i18n';
import { BetRow } from './bet-row';
import { BetList } from './bets-ui';
import './i18n';

/** /user/touzhulogs: every bet, by game type tab, date and status, with the filter's summary. */
export default function TouzhulogsPage() {
  const { t } = useT();
  const [tab, setTab] = useState<GameType | undefined>(undefined);
  return (
    <div className="page bets">
      <div className="bets-tabs" role="tablist" data-testid="game-tabs">
        {[undefined, ...GAME_TYPES].map((g) => (
          <button
            key={g ?? 'all'}
            type="button"
            role="tab"
            aria-selected={tab === g}
            className={`bets-tab${tab === g ? ' bets-tab-active' : ''}`}
            onClick={() => setTab(g)}
            data-game-type={g ?? 'all'}
          >
            {t(`bets.type.${g ?? 'all'}`)}
          </button>
        ))}
      </div>
      <BetList gameType={tab} testId="bet-records" emptyHomeLink renderItem={(b) => <BetRow bet={b} />} />
    </div>
  );
}
