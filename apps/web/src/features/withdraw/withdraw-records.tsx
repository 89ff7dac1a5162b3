import { withdrawals } from '@breakshot/contracts';
import { Link } from 'react-router';
import { MoneyText } from '../../components/ui/money-text';
import { StatusChip } from '../../components/ui/status-chip';
import { useSiteTime } from '../../lib/time';
import { OrderRecords } from '../../components/wallet/order-records';
import { TypeIcon } from '../../components/wallet/wallet-ui';
import { useT } from '../../lib/i18n';
import { pathTo } from '../../lib/paths';
import { walletKeys } from '../../lib/wallet-keys';
import { fetchWithdrawRecords } from './api/withdraw-records';
import './i18n';
import { WITHDRAW_TONE } from './withdraw-ui';

/** Withdrawals with the date filter and status chips; a row opens /user/qukuanDetails?orderNo=…. */
export function WithdrawRecords() {
  const formatDateTime = useSiteTime();
  const { t } = useT();
  return (
    <OrderRecords
      statuses={withdrawals.withdrawStatuses}
      statusLabel={(s) => t(`wallet.withdrawStatus.${s}`)}
      records={(filter) => ({
        queryKey: walletKeys.withdrawRecords(filter),
        fetchPage: (page, pageSize) => fetchWithdrawRecords(page, pageSize, filter),
      })}
      testId="withdraw-records"
      empty={{ title: t('wallet.withdraw.emptyTitle'), text: t('wallet.withdraw.emptyText') }}
      renderItem={(r) => (
        <Link
          className="rec"
          to={pathTo('qukuanDetails', {}, { orderNo: r.orderNo })}
          data-order-no={r.orderNo}
          data-status={r.status}
        >
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
  );
}
