import { useState, type ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import { ChipFilter } from '../ui/chip-filter';
import { DateFilter, useDateRange } from '../ui/date-filter';
import { RecordList, type RecordListProps, type RecordPage } from '../ui/record-list';
import './i18n';

export interface OrderFilter<S extends string> {
  from: string;
  to: string;
  status?: S;
}

/**
 * The records tab of /user/chongzhi and /user/qukuan: date filter and status chips (`data-status`)
 * over the player's orders, then the rows. `records` gives the list call of a filter.
 */
export function OrderRecords<S extends string, R extends { orderNo: string }>({
  statuses,
  statusLabel,
  records,
  testId,
  empty,
  renderItem,
}: {
  statuses: readonly S[];
  statusLabel: (s: S) => string;
  records: (filter: OrderFilter<S>) => Pick<RecordListProps<R, RecordPage<R>>, 'queryKey' | 'fetchPage'>;
  testId: string;
  empty: { title: string; text: string };
  renderItem: (r: R) => ReactNode;
}) {
  const { t } = useT();
  const { range, setRange, timeZone, instants } = useDateRange('month');
  const [status, setStatus] = useState<S | undefined>(undefined);
  const filter: OrderFilter<S> = { ...instants, ...(status ? { status } : {}) };
  return (
    <div className="records">
      <div className="filters card">
        <DateFilter value={range} onChange={setRange} timeZone={timeZone} />
        <ChipFilter
          options={statuses}
          value={status}
          onChange={setStatus}
          label={(s) => (s ? statusLabel(s) : t('wallet.all'))}
          dataKey="status"
        />
      </div>
      <RecordList<R>
        {...records(filter)}
        itemKey={(r) => r.orderNo}
        testId={testId}
        empty={{ icon: '¥', ...empty }}
        renderItem={renderItem}
      />
    </div>
  );
}
