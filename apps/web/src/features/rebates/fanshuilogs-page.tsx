import { Link } from 'react-router';
import { DateFilter, useDateRange } from '../../components/ui/date-filter';
import { MoneyText } from '../../components/ui/money-text';
import { RecordList } from '../../components/ui/record-list';
import { SignedMoney } from '../../components/ui/signed-money';
import { useSiteTime } from '../../lib/time';
import { useT } from '../../lib/i18n';
import { pathTo } from '../../lib/paths';
import { fetchRebateLogs, rebateKeys, type RebateLogsPage } from './api/rebates';
import './i18n';
import './rebates.css';

type Claim = RebateLogsPage['list'][number];

/** /user/fanshuilogs: the player's rebate claims in the date filter, each with its game types, and the total claimed. */
export default function FanshuilogsPage() {
  const { t } = useT();
  const { range, setRange, timeZone, instants } = useDateRange('month');
  return (
    <div className="page rebate">
      <div className="card rebate-filter">
        <DateFilter value={range} onChange={setRange} timeZone={timeZone} />
      </div>
      <RecordList<Claim, RebateLogsPage>
        queryKey={rebateKeys.logs(instants)}
        fetchPage={(page, pageSize) => fetchRebateLogs(page, pageSize, instants)}
        itemKey={(c) => c.id}
        testId="rebate-logs"
        top={(first) => (
          <section className="card rebate-logs-sum" aria-busy={!first}>
            <span className="muted small">{t('rebate.logs.total')}</span>
            <strong data-testid="logs-total">
              {first ? <MoneyText value={first.totalAmount} className="gold-text" /> : <span className="sk sk-line" />}
            </strong>
            {first && <span className="muted small">{t('rebate.logs.count', { n: first.total })}</span>}
          </section>
        )}
        empty={{
          icon: '↺',
          title: t('rebate.logs.emptyTitle'),
          text: t('rebate.logs.emptyText'),
          action: (
            <Link className="btn btn-ghost btn-small" to={pathTo('shishifanshui')}>
              {t('rebate.logs.emptyAction')}
            </Link>
          ),
        }}
        renderItem={(c) => <ClaimRow claim={c} />}
      />
    </div>
  );
}

/**
 * A claim and, per game type, the valid bet it paid for and its amount: no "× rate", as each bet
 * accrued at the rate in force when it settled (a VIP change or a rate edit makes them differ).
 */
function ClaimRow({ claim }: { claim: Claim }) {
  const formatDateTime = useSiteTime();
  const { t } = useT();
  return (
    <div className="rec" data-claim-id={claim.id}>
      <div className="rec-top">
        <span className="muted small">{formatDateTime(claim.createdAt)}</span>
        <SignedMoney value={claim.amount} className="rec-amount" />
      </div>
      <ul className="rebate-breakdown">
        {claim.items.map((it) => (
          <li key={it.gameType} data-game-type={it.gameType}>
            <span className="rebate-game">{t(`rebate.game.${it.gameType}`)}</span>
            <span className="muted small">
              {t('rebate.logs.validBet')} <MoneyText value={it.validBet} />
            </span>
            <MoneyText value={it.amount} />
          </li>
        ))}
      </ul>
    </div>
  );
}
