import { agent } from '@breakshot/contracts';
import { useState } from 'react';
import { ChipFilter, ChipRadios } from '../../../components/ui/chip-filter';
import { useDateRange } from '../../../components/ui/date-filter';
import { presetRange, rangeInstants, type DatePreset } from '../../../components/ui/date-range';
import { useT } from '../../../lib/i18n';
import type { MembersFilter } from '../api/members';
import { MemberList } from './member-list';
import '../shared/agent-ui';

type Joined = Exclude<DatePreset, 'custom'>;
const JOINED: readonly Joined[] = ['today', 'yesterday', 'week', 'month', 'lastMonth'];
type YesNo = 'yes' | 'no';
const YES_NO: readonly YesNo[] = ['yes', 'no'];
type Sort = (typeof agent.memberSorts)[number];

const flag = (v: YesNo | undefined) => (v === undefined ? undefined : v === 'yes');

/**
 * /user/daili/user: my direct members, filtered by when they joined, online now and whether they
 * have deposited, sorted by registration, deposits, valid bet or last login.
 */
export default function DirectMembersPage() {
  const { t } = useT();
  const { timeZone } = useDateRange();
  const [joined, setJoined] = useState<Joined | undefined>(undefined);
  const [online, setOnline] = useState<YesNo | undefined>(undefined);
  const [deposited, setDeposited] = useState<YesNo | undefined>(undefined);
  const [sort, setSort] = useState<Sort>('registered');
  const [order, setOrder] = useState<'desc' | 'asc'>('desc');

  const filter: MembersFilter = {
    scope: 'direct',
    ...(joined ? rangeInstants(presetRange(joined, new Date(), timeZone), timeZone) : {}),
    ...(online ? { online: flag(online) } : {}),
    ...(deposited ? { deposited: flag(deposited) } : {}),
    sort,
    order,
  };

  return (
    <div className="page ag ag-list-page">
      <div className="card ag-filters" data-testid="member-filters">
        <div className="ag-filter-row">
          <span className="ag-filter-label">{t('agent.filter.joined')}</span>
          <ChipFilter
            options={JOINED}
            value={joined}
            onChange={setJoined}
            label={(p) => (p ? t(`ui.date.${p}`) : t('agent.filter.all'))}
            dataKey="joined"
            ariaLabel={t('agent.filter.joined')}
            testId="filter-joined"
          />
        </div>
        <div className="ag-filter-row">
          <span className="ag-filter-label">{t('agent.filter.online')}</span>
          <ChipFilter
            options={YES_NO}
            value={online}
            onChange={setOnline}
            label={(v) => t(`agent.filter.online.${v ?? 'all'}`)}
            dataKey="online"
            ariaLabel={t('agent.filter.online')}
            testId="filter-online"
          />
        </div>
        <div className="ag-filter-row">
          <span className="ag-filter-label">{t('agent.filter.deposited')}</span>
          <ChipFilter
            options={YES_NO}
            value={deposited}
            onChange={setDeposited}
            label={(v) => t(`agent.filter.deposited.${v ?? 'all'}`)}
            dataKey="deposited"
            ariaLabel={t('agent.filter.deposited')}
            testId="filter-deposited"
          />
        </div>
        <div className="ag-filter-row">
          <span className="ag-filter-label">{t('agent.filter.sort')}</span>
          <ChipRadios
            options={agent.memberSorts}
            value={sort}
            onChange={setSort}
            label={(s) => t(`agent.sort.${s}`)}
            dataKey="sort"
            ariaLabel={t('agent.filter.sort')}
            testId="filter-sort"
          />
          <button
            type="button"
            className="ag-order"
            onClick={() => setOrder((o) => (o === 'desc' ? 'asc' : 'desc'))}
            aria-label={t(`agent.order.${order}`)}
            data-testid="filter-order"
            data-order={order}
          >
            {order === 'desc' ? '↓' : '↑'}
          </button>
        </div>
      </div>
      <MemberList
        filter={filter}
        empty={{ title: t('agent.members.emptyTitle'), text: t('agent.members.emptyText') }}
      />
    </div>
  );
}
