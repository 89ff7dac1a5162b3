import { wallet, type EntryType } from '@breakshot/contracts';
import type { QueryKey } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { DataOf } from '../../lib/http';
import { useT } from '../../lib/i18n';
import { ChipFilter } from '../ui/chip-filter';
import { DateFilter, useDateRange } from '../ui/date-filter';
import { MoneyText } from '../ui/money-text';
import { RecordList } from '../ui/record-list';
import { SignedMoney } from '../ui/signed-money';
import { useSiteTime } from '../../lib/time';
import './ledger-i18n';
import { entryLabelKey, referenceText } from './ledger-labels';
import './wallet.css';

type BalanceEntry = wallet.BalanceEntry;
/** A page of ledger entries (the player's own, or a team member's). */
export type LedgerPage = DataOf<typeof wallet.balanceDetails>;
/** What the list calls take besides the page: entry type, from/to as ISO instants. */
export interface LedgerFilter {
  type?: EntryType;
  from: string;
  to: string;
}

/**
 * Fund details: the entry type chips and the date filter, then the entries of the filter. Whose:
 * `queryKey` and `fetchPage`; `entryLink` makes a row open that entry's page.
 */
export function LedgerList({
  queryKey,
  fetchPage,
  entryLink,
}: {
  queryKey: (filter: LedgerFilter) => QueryKey;
  fetchPage: (page: number, pageSize: number, filter: LedgerFilter) => Promise<LedgerPage>;
  entryLink?: (entry: BalanceEntry) => string;
}) {
  const { t } = useT();
  const { range, setRange, timeZone, instants } = useDateRange('month');
  const [type, setType] = useState<EntryType | undefined>(undefined);
  const filter: LedgerFilter = { ...instants, ...(type ? { type } : {}) };

  return (
    <>
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
        queryKey={queryKey(filter)}
        fetchPage={(page: number, pageSize: number) => fetchPage(page, pageSize, filter)}
        itemKey={(e) => e.id}
        testId="ledger-rows"
        empty={{ icon: '≡', title: t('wallet.ledger.emptyTitle'), text: t('wallet.ledger.emptyText') }}
        renderItem={(e) => <LedgerRow entry={e} to={entryLink?.(e)} />}
      />
    </>
  );
}

/** One entry: type, signed amount, time, balance after, reference and memo. */
function LedgerRow({ entry: e, to }: { entry: BalanceEntry; to: string | undefined }) {
  const formatDateTime = useSiteTime();
  const { t } = useT();
  const body: ReactNode = (
    <>
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
        <span className="mono">{referenceText(e.reference, t)}</span>
        {e.memo && <span className="rec-memo">{e.memo}</span>}
      </div>
    </>
  );
  const data = { 'data-entry-type': e.type, 'data-amount': e.amount };
  return to ? (
    <Link className="rec" to={to} {...data}>
      {body}
    </Link>
  ) : (
    <div className="rec" {...data}>
      {body}
    </div>
  );
}
