import { Link } from 'react-router';
import GiftOutline from 'antd-mobile-icons/es/GiftOutline';
import { MoneyText } from '../../components/ui/money-text';
import { RecordList } from '../../components/ui/record-list';
import { StatusChip } from '../../components/ui/status-chip';
import { useT } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { pathTo } from '../../lib/paths';
import { useSiteTime } from '../../lib/time';
import { useCurrencySymbol } from '../../lib/sys-config';
import { fetchTaskRecords, welfareKeys, type TaskRecord, type TaskRecordsPage } from './api/rewards';

/** The daily task's rewards (user/gameRewardRecord), newest first, under what they came to in all. */
export function TaskRecords() {
  const { t } = useT();
  return (
    <>
      <h2 className="section-title">{t('welfare.records.title')}</h2>
      <RecordList<TaskRecord, TaskRecordsPage>
        queryKey={welfareKeys.taskRecords()}
        fetchPage={fetchTaskRecords}
        itemKey={(r) => r.rewardId}
        testId="task-records"
        skeletonRows={2}
        top={(first) =>
          first && first.total > 0 ? (
            <div className="task-records-total" data-testid="task-records-total">
              <span className="muted small">{t('welfare.records.total')}</span>
              <MoneyText value={first.totalAmount} className="gold-text" />
            </div>
          ) : null
        }
        empty={{ icon: <GiftOutline />, title: t('welfare.records.empty'), text: t('welfare.records.emptyText') }}
        renderItem={(r) => <TaskRecordRow record={r} />}
      />
    </>
  );
}

function TaskRecordRow({ record: r }: { record: TaskRecord }) {
  const { t } = useT();
  const symbol = useCurrencySymbol();
  const formatDateTime = useSiteTime();
  return (
    <div className={`rec task-rec task-rec-${r.status}`} data-reward-id={r.rewardId}>
      <div className="rec-top">
        <span className="rec-title">{r.date}</span>
        <MoneyText value={r.amount} className="rec-amount gold-text" />
      </div>
      <div className="rec-bottom">
        <span className="muted small">
          {t('welfare.records.reached', { amount: formatMoney(r.validBet, symbol) })} · {formatDateTime(r.createdAt)}
        </span>
        {r.status === 'unclaimed' ? (
          <Link to={pathTo('lingjiang')} className="task-claim">
            {t('welfare.tier.granted')}
          </Link>
        ) : (
          <StatusChip tone={r.status === 'claimed' ? 'success' : 'muted'}>{t(`welfare.tab.${r.status}`)}</StatusChip>
        )}
      </div>
    </div>
  );
}
