import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { BetDetails } from '../../components/bets/bet-details';
import { isGameType } from '../../components/bets/bet-list';
import '../../components/bets/i18n';
import { InfoState } from '../../components/ui/page-state';
import { useT } from '../../lib/i18n';
import { pathTo } from '../../lib/paths';
import { betDetailsQuery } from './api/bet-record-details';
import { PlayerBetList } from './bets-ui';

/**
 * /user/touzhuDetails/{gameType}: the bets of one game type (list with date and status filter),
 * and with `?betNo=` one bet's details.
 */
export default function TouzhuDetailsPage() {
  const { t } = useT();
  const { gameType } = useParams();
  const [params] = useSearchParams();
  const betNo = params.get('betNo');
  if (!isGameType(gameType)) return <InfoState icon="?" title={t('bets.unknownType')} />;
  if (betNo) {
    return (
      <div className="page bets">
        <OwnBetDetails betNo={betNo} />
        <Link className="bets-rules-link" to={pathTo('touzhuDetails', { gameType })}>
          {t('bets.d.allOfType', { type: t(`bets.type.${gameType}`) })} ›
        </Link>
      </div>
    );
  }
  return (
    <div className="page bets">
      <PlayerBetList gameType={gameType} testId="bet-records" />
    </div>
  );
}

/** One of the player's bets (user/betRecord/details). */
function OwnBetDetails({ betNo }: { betNo: string }) {
  return <BetDetails query={useQuery(betDetailsQuery(betNo))} />;
}
