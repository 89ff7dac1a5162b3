import { payments } from '@breakshot/contracts';
import { Link } from 'react-router';
import { MoneyText } from '../../components/ui/money-text';
import { StatusChip } from '../../components/ui/status-chip';
import { useSiteTime } from '../../lib/time';
import { OrderRecords } from '../../components/wallet/order-records';
import { TypeIcon } from '../../components/wallet/wallet-ui';
import { useT } from '../../lib/i18n';
import { pathTo } from '../../lib/paths';
import { walletKeys } from '../../lib/wallet-keys';
import { fetchRechargeRecords } from './api/recharge-records';
import { DEPOSIT_TONE } from './deposit-ui';
import './i18n';

/** Deposit orders with the date filter and status chips; a row opens /user/cunkuanDetails?orderNo=…. */
export function DepositRecords() {
  const formatDateTime = useSiteTime();
  const { t } = useT();
  return (
    <OrderRecords
      statuses={payments.depositStatuses}
      statusLabel={(s) => t(`wallet.depositStatus.${s}`)}
      records={(filter) => ({
        queryKey: walletKeys.depositRecords(filter),
        fetchPage: (page, pageSize) => fetchRechargeRecords(page, pageSize, filter),
      })}
      testId="deposit-records"
      empty={{ title: t('wallet.deposit.emptyTitle'), text: t('wallet.deposit.emptyText') }}
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
  );
}
