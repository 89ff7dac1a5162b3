import { withdrawals } from '@breakshot/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { DateFilter, useDateRange } from '../../components/ui/date-filter';
import { MoneyText } from '../../components/ui/money-text';
import { RecordList } from '../../components/ui/record-list';
import { StatusChip } from '../../components/ui/status-chip';
import { formatDateTime } from '../../components/ui/timeline';
import { useT } from '../../lib/i18n';
import { pathTo } from '../../lib/paths';
import { walletKeys } from './api/keys';
import { fetchWithdrawRecords } from './api/withdraw-records';
import './i18n';
import { TypeIcon, WITHDRAW_TONE } from './wallet-ui';

type Status = withdrawals.WithdrawStatus;

/** Withdrawals with the date filter and status chips; a row opens /user/qukuanDetails?orderNo=…. */
export function WithdrawRecords() {
  const { t } = useT();
  const { range, setRange, timeZone, instants } = useDateRange('month');
  const [status, setStatus] = useState<Status | undefined>(undefined);
  const filter = { ...instants, ...(status ? { status } : {}) };
  return (
    <div className="records">
      <div className="filters card">
        <DateFilter value={range} onChange={setRange} timeZone={timeZone} />
        <div className="chip-row" role="radiogroup">
          {[undefined, ...withdrawals.withdrawStatuses].map((s) => (
            <button
              key={s ?? 'all'}
              type="button"
              role="radio"
              aria-checked={status === s}
              className={`chip${status === s ? ' chip-active' : ''}`}
              onClick={() => setStatus(s)}
              data-status={s ?? 'all'}
            >
              {s ? t(`wallet.withdrawStatus.${s}`) : t('wallet.all')}
            </button>
          ))}
        </div>
      </div>
      <RecordList
        queryKey={walletKeys.withdrawRecords(filter)}
        fetchPage={(page: number, pageSize: number) => fetchWithdrawRecords(page, pageSize, filter)}
        itemKey={(r) => r.orderNo}
        testId="withdraw-records"
        empty={{ icon: '¥', title: t('wallet.withdraw.emptyTitle'), text: t('wallet.withdraw.emptyText') }}
        renderItem={(r) => (
          <Link className="rec" to={pathTo('qukuanDetails', {}, { orderNo: r.orderNo })} data-order-no={r.orderNo} data-status={r.status}>
            <div className="rec-top">
              <span className="rec-title">
                <TypeIcon type={r.account.type} size={22} />
                <span className="mono">{r.account.masked}</span>
              </span>
              <MoneyText value={-r.amount} className="rec-amount money-neg" />
            </div>
            <div className="rec-bottom">
              <span className="mono">{r.orderNo}</span>
              <StatusChip tone={WITHDRAW_TONE[r.status]}>{t(`wallet.withdrawStatus.${r.status}`)}</StatusChip>
            </div>
            <div className="rec-bottom">
              <span>{formatDateTime(r.createdAt)}</span>
              <span>
                {t('wallet.fee')} <MoneyText value={r.feeAmount} />
              </span>
            </div>
            {r.status === 'rejected' && r.reason && (
              <div className="rec-reason">
                {t('wallet.withdraw.reason')}：{r.reason}
              </div>
            )}
          </Link>
        )}
      />
    </div>
  );
}
