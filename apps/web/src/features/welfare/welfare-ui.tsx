import type { ReactNode } from 'react';
import { StatusChip, type ChipTone } from '../../components/ui/status-chip';
import { useT } from '../../lib/i18n';
import { splitDuration, useSecondsLeft } from '../../lib/use-seconds-left';
import type { RewardSource } from './api/rewards';
import './i18n';
import './welfare.css';

const SOURCE_TONE: Record<RewardSource, ChipTone> = {
  vip_upgrade: 'pending',
  vip_weekly: 'pending',
  vip_monthly: 'pending',
  promotion: 'info',
  task: 'success',
  spin: 'info',
  agent: 'muted',
  operator: 'muted',
  newbie: 'success',
};

export function SourceChip({ source }: { source: RewardSource }) {
  const { t } = useT();
  return (
    <StatusChip tone={SOURCE_TONE[source]} testId="reward-source">
      {t(`welfare.source.${source}`)}
    </StatusChip>
  );
}

/** "需 3 倍流水", or no turnover at all. */
export function TurnoverText({ multiple }: { multiple: number }) {
  const { t } = useT();
  return <span>{multiple > 0 ? t('welfare.turnover', { n: multiple }) : t('welfare.noTurnover')}</span>;
}

/** Time left until `iso`, live: '2 天 03:12:45', '12:45'; `render` words it. */
export function TimeLeft({ until, render }: { until: string; render: (left: string, seconds: number) => ReactNode }) {
  const { t } = useT();
  const seconds = useSecondsLeft(until);
  const { days, clock } = splitDuration(seconds);
  return <>{render(`${days > 0 ? t('welfare.days', { n: days }) : ''}${clock}`, seconds)}</>;
}

/** A card of the hub: icon, title, body and its link. */
export function HubCard({
  icon,
  title,
  aside,
  children,
  testId,
}: {
  icon: ReactNode;
  title: string;
  aside?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  return (
    <section className="card hub-card" data-testid={testId}>
      <header className="hub-head">
        <span className="hub-icon" aria-hidden="true">
          {icon}
        </span>
        <h2>{title}</h2>
        {aside && <span className="hub-aside">{aside}</span>}
      </header>
      {children}
    </section>
  );
}
