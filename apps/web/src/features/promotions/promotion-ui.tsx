import { useId, type ReactNode } from 'react';
import { StatusChip, type ChipTone } from '../../components/ui/status-chip';
import { useSiteTime } from '../../lib/time';
import { useT } from '../../lib/i18n';
import type { RouteId } from '../../lib/paths';
import type { ApplicationStatus, PromotionSummary, PromotionType } from './api/promotions';
import './i18n';
import './promotions.css';

/** Each type's own page (docs/screens.md /user/youhuiShouCun…). */
export const TYPE_ROUTE: Record<PromotionType, RouteId> = {
  first_deposit: 'youhuiShouCun',
  reload: 'youhuiJiaZeng',
  lucky_slip: 'youhuiZhuDan',
  fee_waiver: 'youhuiTiKuan',
  slots_turnover: 'youhuiPG',
  agent_starter: 'youhuiDanDai',
};

/** The type tag: 首存, 加赠, 注单, 提款, 电子, 单代. */
export function TypeTag({ type }: { type: PromotionType }) {
  const { t } = useT();
  return (
    <span className={`promo-tag promo-tag-${type}`} data-testid="promo-type">
      {t(`promo.type.${type}`)}
    </span>
  );
}

type Phase = 'upcoming' | 'running' | 'joined' | 'ended';
const PHASE_TONE: Record<Phase, ChipTone> = { upcoming: 'info', running: 'success', joined: 'pending', ended: 'muted' };

/** 进行中 / 已参与 (applied in the current period) / 未开始 / 已结束. */
export function PromoStatus({ promo }: { promo: Pick<PromotionSummary, 'status' | 'joined'> }) {
  const { t } = useT();
  const phase: Phase = promo.status === 'running' && promo.joined ? 'joined' : promo.status;
  return (
    <StatusChip tone={PHASE_TONE[phase]} testId="promo-status">
      {t(`promo.status.${phase}`)}
    </StatusChip>
  );
}

const APPLICATION_TONE: Record<ApplicationStatus, ChipTone> = {
  pending: 'pending',
  granted: 'success',
  rejected: 'danger',
};

/** 审核中 / 已发放 / 未通过; a granted fee waiver pays nothing: it is 已生效. */
export function ApplicationChip({ status, type }: { status: ApplicationStatus; type: PromotionType }) {
  const { t } = useT();
  return (
    <StatusChip tone={APPLICATION_TONE[status]} testId="application-status">
      {t(status === 'granted' && type === 'fee_waiver' ? 'promo.app.active' : `promo.app.${status}`)}
    </StatusChip>
  );
}

/**
 * The banner (the operator's gradient) with the type tag, the status, the title and the summary
 * laid over it; it grows with a long title rather than clip it.
 */
export function PromoBanner({
  promo: p,
  heading: Heading,
}: {
  promo: Pick<PromotionSummary, 'type' | 'status' | 'joined' | 'image' | 'title' | 'summary'>;
  heading: 'h1' | 'h2';
}) {
  return (
    <div className={`promo-banner${p.status === 'ended' ? ' promo-banner-ended' : ''}`}>
      <img src={p.image} alt="" />
      <span className="promo-banner-tags">
        <TypeTag type={p.type} />
        <PromoStatus promo={p} />
      </span>
      <span className="promo-banner-text">
        <Heading className="promo-banner-title" data-testid="promo-title">
          {p.title}
        </Heading>
        <span className="promo-banner-summary">{p.summary}</span>
      </span>
    </div>
  );
}

/** '2026-01-01 – 2026-12-31' (the list), or with the minutes (the details); a narrow screen breaks it at the dash. */
export function Period({
  startsAt,
  endsAt,
  withTime = false,
}: {
  startsAt: string;
  endsAt: string;
  withTime?: boolean;
}) {
  const formatDateTime = useSiteTime();
  const cut = withTime ? 16 : 10;
  return (
    <span>
      <span className="promo-nowrap">{formatDateTime(startsAt).slice(0, cut)}</span>
      {' – '}
      <span className="promo-nowrap">{formatDateTime(endsAt).slice(0, cut)}</span>
    </span>
  );
}

/** A bar of `value` against `max`, with its figures above it. */
export function ProgressBar({
  value,
  max,
  label,
  figures,
  testId,
}: {
  value: number;
  max: number;
  label: ReactNode;
  figures: ReactNode;
  testId: string;
}) {
  const pct = max > 0 ? Math.min(100, (value / max) * 100) : 100;
  const labelId = useId();
  return (
    <div className="promo-progress" data-testid={testId}>
      <div className="promo-progress-text">
        <span id={labelId}>{label}</span>
        <span className="promo-progress-figures">{figures}</span>
      </div>
      <div
        className={`promo-bar${pct >= 100 ? ' promo-bar-done' : ''}`}
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuenow={Math.floor(pct)}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div className="promo-bar-fill" style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}

/** A figure of a panel: small label over a big number. */
export function Figure({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="promo-figure">
      <span className="muted small">{label}</span>
      <strong data-testid={testId}>{children}</strong>
    </div>
  );
}
