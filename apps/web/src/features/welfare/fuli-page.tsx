import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import CompassOutline from 'antd-mobile-icons/es/CompassOutline';
import FireFill from 'antd-mobile-icons/es/FireFill';
import GiftOutline from 'antd-mobile-icons/es/GiftOutline';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../components/ui/icons';
import { MoneyText } from '../../components/ui/money-text';
import { SkeletonLines } from '../../components/ui/page-state';
import { PullRefresh } from '../../components/ui/pull-refresh';
import { StatusChip } from '../../components/ui/status-chip';
import { useT } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { pathTo } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { useCurrencySymbol } from '../../lib/sys-config';
import { errorText } from '../../lib/toast';
import { dailyTaskQuery, waitingQuery, welfareKeys, type DailyTask, type TaskTier } from './api/rewards';
import { spinInfoQuery } from './api/spin';
import { TaskRecords } from './task-records';
import { HubCard, TimeLeft } from './welfare-ui';

/**
 * /user/fuli, the welfare hub: today's betting task (progress to the next tier, every tier's
 * state), the daily wheel's spins left, the rewards waiting in 领奖, the VIP gifts, and the
 * task's rewards so far.
 */
export default function FuliPage() {
  const { t } = useT();
  const task = useQuery(dailyTaskQuery());
  const spin = useQuery(spinInfoQuery());
  const waiting = useQuery(waitingQuery());
  const vipLevel = useSession((s) => s.userInfo?.vipLevel);
  const qc = useQueryClient();
  const refresh = () =>
    Promise.all([
      task.refetch(),
      spin.refetch(),
      waiting.refetch(),
      qc.invalidateQueries({ queryKey: welfareKeys.taskRecords() }),
    ]);

  return (
    <PullRefresh onRefresh={refresh}>
      <div className="page welfare" data-testid="fuli">
        <HubCard
          icon={<FireFill />}
          title={t('welfare.task.title')}
          testId="hub-task"
          aside={
            task.data && (
              <TimeLeft
                until={task.data.endsAt}
                render={(left) => <span className="muted small">{t('welfare.task.endsIn', { left })}</span>}
              />
            )
          }
        >
          <Loaded q={task} lines={3}>
            {(d) => <TaskBody task={d} />}
          </Loaded>
        </HubCard>

        <div className="hub-pair">
          <HubCard icon={<CompassOutline />} title={t('welfare.spin.title')} testId="hub-spin">
            <Loaded q={spin} lines={2}>
              {(d) => (
                <Link to={pathTo('tiantianzhuan')} className="hub-link-body">
                  <span className="muted small">{t('welfare.spin.left')}</span>
                  <strong className="hub-big gold-text" data-testid="spins-left">
                    {t('welfare.spin.times', { n: d.spinsLeft })}
                  </strong>
                  <span className={`btn btn-small ${d.spinsLeft > 0 ? 'btn-gold' : 'btn-ghost'}`}>
                    {t('welfare.spin.go')}
                  </span>
                </Link>
              )}
            </Loaded>
          </HubCard>

          <HubCard icon={<GiftOutline />} title={t('welfare.waiting.title')} testId="hub-waiting">
            <Loaded q={waiting} lines={2}>
              {(d) => (
                <Link to={pathTo('lingjiang')} className="hub-link-body">
                  <span className="muted small" data-testid="waiting-count">
                    {d.count > 0 ? t('welfare.waiting.count', { n: d.count }) : t('welfare.waiting.none')}
                  </span>
                  <strong className="hub-big gold-text" data-testid="waiting-total">
                    <MoneyText value={d.total} />
                  </strong>
                  <span className={`btn btn-small ${d.count > 0 ? 'btn-gold' : 'btn-ghost'}`}>
                    {t('welfare.waiting.go')}
                  </span>
                </Link>
              )}
            </Loaded>
          </HubCard>
        </div>

        <HubCard icon={<Icon name="vip" />} title={t('welfare.vip.title')} testId="hub-vip">
          <Link to={pathTo('myVip')} className="hub-vip">
            {vipLevel !== undefined && <span className="hub-vip-level">VIP{vipLevel}</span>}
            <span className="muted small">{t('welfare.vip.text')}</span>
            <span className="hub-vip-go">{t('welfare.vip.go')} ›</span>
          </Link>
        </HubCard>

        <TaskRecords />
      </div>
    </PullRefresh>
  );
}

/** A card's content once its call answered: skeleton before, a one-line error with retry on failure. */
function Loaded<T>({ q, lines, children }: { q: UseQueryResult<T>; lines: number; children: (d: T) => ReactNode }) {
  const { t } = useT();
  if (q.data !== undefined) return <>{children(q.data)}</>;
  if (q.isError)
    return (
      <div className="hub-error" role="alert">
        <span>{errorText(q.error)}</span>
        <button type="button" className="btn btn-ghost btn-small" onClick={() => void q.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  return <SkeletonLines count={lines} />;
}

function TaskBody({ task }: { task: DailyTask }) {
  const { t } = useT();
  const symbol = useCurrencySymbol();
  const next = task.tiers.find((x) => x.status === 'locked');
  const pct = next ? Math.min(100, (task.validBet / next.validBet) * 100) : 100;
  return (
    <div className="task">
      <div className="task-today">
        <span className="muted small">{t('welfare.task.today')}</span>
        <strong data-testid="task-valid-bet">
          <MoneyText value={task.validBet} />
        </strong>
      </div>
      {task.tiers.length === 0 ? (
        <p className="muted small">{t('welfare.task.none')}</p>
      ) : (
        <>
          <div
            className="task-bar"
            role="progressbar"
            aria-label={t('welfare.task.title')}
            aria-valuenow={Math.floor(pct)}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <div className="task-bar-fill" style={{ width: `${pct}%` }} />
          </div>
          <p className="small task-next" data-testid="task-next">
            {next
              ? t('welfare.task.next', {
                  // A tier the operator set below today's total is granted with the next bet.
                  left: formatMoney(Math.max(0, next.validBet - task.validBet), symbol),
                  amount: formatMoney(next.amount, symbol),
                })
              : t('welfare.task.allDone')}
          </p>
          {/* It scrolls sideways on a narrow phone: focusable, so a keyboard can scroll it too. */}
          <ol className="task-tiers" tabIndex={0} aria-label={t('welfare.task.title')}>
            {task.tiers.map((tier) => (
              <Tier key={tier.id} tier={tier} />
            ))}
          </ol>
        </>
      )}
    </div>
  );
}

function Tier({ tier }: { tier: TaskTier }) {
  const { t } = useT();
  const symbol = useCurrencySymbol();
  return (
    <li className={`task-tier task-tier-${tier.status}`} data-testid={`tier-${tier.id}`} data-status={tier.status}>
      <span className="small muted">{t('welfare.task.tierBet', { amount: formatMoney(tier.validBet, symbol) })}</span>
      <strong>
        <MoneyText value={tier.amount} />
      </strong>
      {tier.status === 'granted' ? (
        <Link to={pathTo('lingjiang')} className="task-claim">
          {t('welfare.tier.granted')}
        </Link>
      ) : (
        <StatusChip tone={tier.status === 'claimed' ? 'success' : 'muted'}>
          {t(`welfare.tier.${tier.status}`)}
        </StatusChip>
      )}
    </li>
  );
}
