import { payments, type DepositStatus } from '@breakshot/contracts';
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
import { fetchRechargeRecords } from './api/recharge-records';
import './i18n';
import { DEPOSIT_TONE, TypeIcon } from './wallet-ui';

/** Deposit orders with the date filter and status chips; a row opens /user/cunkuanDetails?orderNo=…. */
export function DepositRecords() {
  const { t } = useT();
  const { range, setRange, timeZone, instants } = useDateRange('month');
  const [status, setStatus] = useState<DepositStatus | undefined>(undefined);
  const filter = { ...instants, ...(status ? { status } : {}) };
  return (
    <div className="records">
      <div className="filters card">
        <DateFilter value={range} onChange={setRange} timeZone={timeZone} />
        <div className="chip-row" role="radiogroup">
          {[undefined, ...payments.depositStatuses].map((s) => (
            <button
              key={s ?? 'all'}
              type="button"
              role="radio"
              aria-checked={status === s}
              className={`chip${status === s ? ' chip-active' : ''}`}
              onClick={() => setStatus(s)}
              data-status={s ?? 'all'}
            >
              {s ? t(`wallet.depositStatus.${s}`) : t('wallet.all')}
            </button>
          ))}
        </div>
      </div>
      <RecordList
        queryKey={walletKeys.depositRecords(filter)}
        fetchPage={(page: number, pageSize: number) => fetchRechargeRecords(page, pageSize, filter)}
        itemKey={(r) => r.orderNo}
        testId="deposit-records"
        empty={{ icon: '¥', title: t('wallet.deposit.emptyTitle'), text: t('wallet.deposit.emptyText') }}
        renderItem={(r) => (
          <Link className="rec" to={pathTo('cunkuanDetails', {}, { orderNo: r.orderNo })} data-order-no={r.orderNo}>
            <div className="rec-top">
              <span className="rec-title">
                <TypeIcon type={r.channelType} size={22} />
                {r.channelName}
              </span>
              <MoneyText value={r.amount} className="rec-amount" />
            </div>
            <div className="rec-bottom">
              <span className="mono">{r.orderNo}</span>
              <StatusChip tone={DEPOSIT_TONE[r.status]}>{t(`wallet.depositStatus.${r.status}`)}</StatusChip>
            </div>
            <div className="rec-bottom">
              <span>{formatDateTime(r.createdAt)}</span>
              {r.status === 'PAID' && (
                <span>
                  {t('wallet.deposit.credited')} <MoneyText value={r.creditedAmount} />
                </span>
              )}
            </div>
          </Link>
        )}
      />
    </div>
  );
}
