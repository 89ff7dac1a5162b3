import { Link, useParams, useSearchParams } from 'react-router';
import { InfoState } from '../../components/ui/page-state';
import { useT } from '../../lib/i18n';
import { pathTo } from '../../lib/paths';
import { BetDetails } from './bet-details';
import { BetRow } from './bet-row';
import { BetList, isGameType } from './bets-ui';
import './i18n';

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
        <BetDetails betNo={betNo} />
        <Link className="bets-rules-link" to={pathTo('touzhuDetails', { gameType })}>
          {t('bets.d.allOfType', { type: t(`bets.type.${gameType}`) })} ›
        </Link>
      </div>
    );
  }
  return (
    <div className="page bets">
      <BetList gameType={gameType} testId="bet-records" renderItem={(b) => <BetRow bet={b} />} />
    </div>
  );
}
