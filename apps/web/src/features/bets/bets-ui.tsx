import type { bets, GameType } from '@breakshot/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BetList } from '../../components/bets/bet-list';
import { BetRow } from '../../components/bets/bet-row';
import { useT } from '../../lib/i18n';
import { pathTo } from '../../lib/paths';
import { betKeys, fetchBetRecords } from './api/bet-record-list';

/** Where one of the player's bets opens: its details on its game type's page. */
export const betPath = (bet: Pick<bets.BetRecord, 'gameType' | 'betNo'>) =>
  pathTo('touzhuDetails', { gameType: bet.gameType }, { betNo: bet.betNo });

/** The player's own bets (user/betRecord/list) of `gameType`, or all; when empty, optionally a link back to /home. */
export function PlayerBetList({
  gameType,
  testId,
  emptyHomeLink = false,
  renderItem = (b) => <BetRow bet={b} to={betPath(b)} />,
}: {
  gameType: GameType | undefined;
  testId: string;
  emptyHomeLink?: boolean;
  renderItem?: (bet: bets.BetRecord) => ReactNode;
}) {
  const { t } = useT();
  return (
    <BetList
      gameType={gameType}
      queryKey={betKeys.list}
      fetchPage={fetchBetRecords}
      testId={testId}
      emptyAction={
        emptyHomeLink ? (
          <Link className="btn btn-ghost btn-small" to={pathTo('home')}>
            {t('bets.emptyAction')}
          </Link>
        ) : undefined
      }
      renderItem={renderItem}
    />
  );
}
