import { wallet, type EntryType } from '@breakshot/contracts';
import { Link } from 'react-router';
import { useState } from 'react';
import { ChipFilter } from '../../components/ui/chip-filter';
import { DateFilter, useDateRange } from '../../components/ui/date-filter';
import { MoneyText } from '../../components/ui/money-text';
import { RecordList } from '../../components/ui/record-list';
import { SignedMoney } from '../../components/ui/signed-money';
import { formatDateTime } from '../../components/ui/timeline';
import { useT } from '../../lib/i18n';
import { pathTo } from '../../lib/paths';
import { walletKeys } from '../../lib/wallet-keys';
import '../../components/wallet/wallet.css';
import { fetchBalanceDetails } from './api/balance-details';
import './i18n';
import { entryLabelKey, isOrderNumber, sourceKey } from './ledger-labels';

/** /user/zijinmingxi: every ledger entry of the player's balance, filtered by type and date. */
export default function ZijinmingxiPage() {
  const { t } = useT();
  const { range, setRange, timeZone, instants } = useDateRange('month');
  const [type, setType] = useState<EntryType | undefined>(undefined);
  const filter = { ...instants, ...(type ? { type } : {}) };

  return (
    <div className="page wallet">
      <div className="filters card">
        <ChipFilter
          options={wallet.entryTypes}
          value={type}
          onChange={setType}
          label={(ty) => (ty ? t(`wallet.entry.${ty}`) : t('wallet.all'))}
          dataKey="type"
          ariaLabel={t('wallet.ledger.type')}
          testId="entry-type-chips"
        />
        <DateFilter value={range} onChange={setRange} timeZone={timeZone} />
      </div>
      <RecordList
        queryKey={walletKeys.ledger(filter)}
        fetchPage={(page: number, pageSize: number) => fetchBalanceDetails(page, pageSize, filter)}
        itemKey={(e) => e.id}
        testId="ledger-rows"
        empty={{ icon: '≡', title: t('wallet.ledger.emptyTitle'), text: t('wallet.ledger.emptyText') }}
        renderItem={(e) => (
          <Link
            className="rec"
            to={pathTo('mingxiDetails', {}, { id: e.id })}
            data-entry-type={e.type}
            data-amount={e.amount}
          >
            <div className="rec-top">
              <span className="rec-title">{t(entryLabelKey(e.type, e.amount))}</span>
              <SignedMoney value={e.amount} className="rec-amount" />
            </div>
            <div className="rec-bottom">
              <span>{formatDateTime(e.createdAt)}</span>
              <span data-testid="balance-after" data-value={e.balanceAfter}>
                {t('wallet.ledger.balanceAfter')} <MoneyText value={e.balanceAfter} />
              </span>
            </div>
            <div className="rec-bottom">
              <span className="mono">
                {e.reference.table === 'bets'
                  ? `${t(sourceKey('bets'))} ${e.reference.id}`
                  : isOrderNumber(e.reference.id)
                    ? e.reference.id
                    : `${t(sourceKey(e.reference.table))} #${e.reference.id}`}
              </span>
              {e.memo && <span className="rec-memo">{e.memo}</span>}
            </div>
          </Link>
        )}
      />
    </div>
  );
}
