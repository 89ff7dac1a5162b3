import { useQuery } from '@tanstack/react-query';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MoneyText } from '../../components/ui/money-text';
import { ErrorState, SkeletonLines } from '../../components/ui/page-state';
import { PullRefresh } from '../../components/ui/pull-refresh';
import { StatusChip } from '../../components/ui/status-chip';
import { zonedToday } from '../../components/ui/date-range';
import { GAME_TYPES } from '../../lib/game-types';
import { useT } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { pathTo } from '../../lib/paths';
import { formatRateBp } from '../../lib/rate';
import { useCurrencySymbol } from '../../lib/sys-config';
import { useSiteZone } from '../../lib/time';
import { errorText } from '../../lib/toast';
import { vipInfoQuery, type GiftStatus, type VipInfo } from './api/vip';
import './i18n';
import { VipBadge } from './vip-badge';
import './vip.css';

/**
 * /user/myVip: the player's level, progress to the next (lifetime valid bet and deposits, both
 * needed), this level's privileges with the status of this period's gifts, and the upgrade bonuses.
 */
export default function MyVipPage() {
  const { t } = useT();
  const q = useQuery(vipInfoQuery());
  const info = q.data;
  if (q.isError && !info) {
    return (
      <div className="page vip">
        <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />
      </div>
    );
  }
  return (
    <PullRefresh onRefresh={q.refetch}>
      <div className="page vip" data-testid="my-vip">
        {info ? <LevelCard info={info} /> : <LevelSkeleton />}
        {info ? (
          <Privileges info={info} />
        ) : (
          <section className="card">
            <SkeletonLines count={5} />
          </section>
        )}
        {info && info.upgradeBonuses.length > 0 && <UpgradeBonuses info={info} />}
        <Link to={pathTo('vipDetails')} className="card vip-all-link" data-testid="link-levels">
          <span>{t('vip.allLevels')}</span>
          <RightOutline />
        </Link>
      </div>
    </PullRefresh>
  );
}

function LevelSkeleton() {
  return (
    <section className="card vip-hero" aria-busy="true">
      <span className="sk vip-sk-badge" />
      <SkeletonLines count={3} />
    </section>
  );
}

function LevelCard({ info }: { info: VipInfo }) {
  const { t } = useT();
  const symbol = useCurrencySymbol();
  const { current, next } = info;
  return (
    <section className="card vip-hero" data-testid="vip-level" data-level={current.level}>
      <div className="vip-hero-top">
        <VipBadge level={current.level} size="large" />
        <div className="vip-hero-id">
          <span className="muted small">{t('vip.current')}</span>
          <strong className="gold-text">VIP{current.level}</strong>
        </div>
      </div>
      {next ? (
        <div className="vip-progress" data-testid="vip-progress">
          <div className="vip-progress-head">
            <span>{t('vip.toNext', { level: next.level })}</span>
            {next.upgradeBonus > 0 && (
              <span className="muted small">
                {t('vip.nextBonus', { amount: formatMoney(next.upgradeBonus, symbol) })}
              </span>
            )}
          </div>
          <ProgressBar label={t('vip.validBet')} done={info.validBet} need={next.minValidBet} testId="progress-bet" />
          <ProgressBar
            label={t('vip.deposits')}
            done={info.deposits}
            need={next.minDeposits}
            testId="progress-deposit"
          />
          <p className="muted small vip-progress-note">{t('vip.progressNote')}</p>
        </div>
      ) : (
        <div className="vip-top" data-testid="vip-top">
          <strong>{t('vip.top')}</strong>
          <span className="muted small">{t('vip.topText', { level: current.level })}</span>
        </div>
      )}
    </section>
  );
}

/** A bar of one threshold: how far, and how much is left. */
function ProgressBar({ label, done, need, testId }: { label: string; done: number; need: number; testId: string }) {
  const { t } = useT();
  const symbol = useCurrencySymbol();
  const pct = need <= 0 ? 100 : Math.min(100, (done / need) * 100);
  const left = Math.max(0, need - done);
  return (
    <div className="vip-bar" data-testid={testId} data-pct={Math.floor(pct)}>
      <div className="vip-bar-text">
        <span>{label}</span>
        <span className="vip-bar-figures">
          <MoneyText value={done} /> / <MoneyText value={need} />
        </span>
      </div>
      <div
        className="vip-bar-track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.floor(pct)}
      >
        <div className="vip-bar-fill" style={{ width: `${pct}%` }} />
      </div>
      <span className={`small ${left === 0 ? 'vip-bar-done' : 'muted'}`} data-testid={`${testId}-left`}>
        {left === 0 ? `✓ ${t('vip.reached')}` : t('vip.left', { amount: formatMoney(left, symbol) })}
      </span>
    </div>
  );
}

function Privileges({ info }: { info: VipInfo }) {
  const { t } = useT();
  const { current } = info;
  const upgrade = info.upgradeBonuses.find((b) => b.level === current.level);
  return (
    <>
      <h2 className="section-title">{t('vip.privileges', { level: current.level })}</h2>
      <section className="card vip-privileges" data-testid="vip-privileges">
        <Privilege label={t('vip.rebate')} testId="priv-rebate">
          <span className="vip-rates">
            {GAME_TYPES.map((g) => (
              <span key={g}>
                {t(`vip.game.${g}`)} <strong>{formatRateBp(current.rebateRates[g] ?? 0)}</strong>
              </span>
            ))}
          </span>
        </Privilege>
        <Privilege label={t('vip.withdrawals')} testId="priv-withdrawals">
          <strong>{t('vip.withdrawalsValue', { n: current.withdrawalsPerDay })}</strong>
        </Privilege>
        {/* Amounts as granted (after a mid-period upgrade, the old level's gift), else the level's. */}
        <Privilege label={t('vip.weekly')} note={t('vip.weeklyNote')} testId="priv-weekly">
          <Gift amount={info.weekly.amount} status={info.weekly.status} nextAt={info.weekly.nextAt} />
        </Privilege>
        <Privilege label={t('vip.monthly')} note={t('vip.monthlyNote')} testId="priv-monthly">
          <Gift amount={info.monthly.amount} status={info.monthly.status} nextAt={info.monthly.nextAt} />
        </Privilege>
        <Privilege label={t('vip.upgrade')} testId="priv-upgrade">
          <Gift amount={upgrade?.amount ?? current.upgradeBonus} status={upgrade?.status ?? 'none'} />
        </Privilege>
        <Privilege label={t('vip.turnover')} testId="priv-turnover">
          <strong>{t('vip.turnoverValue', { n: current.turnoverMultiple })}</strong>
        </Privilege>
      </section>
    </>
  );
}

function Privilege({
  label,
  note,
  testId,
  children,
}: {
  label: string;
  note?: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div className="vip-priv" data-testid={testId}>
      <div className="vip-priv-label">
        <span>{label}</span>
        {note && <span className="muted small">{note}</span>}
      </div>
      <div className="vip-priv-value">{children}</div>
    </div>
  );
}

/** A gift's amount and where it stands: waiting in 领奖 (a link there), claimed, expired or coming on a date. */
function Gift({ amount, status, nextAt }: { amount: number; status: GiftStatus; nextAt?: string }) {
  const { t } = useT();
  if (amount <= 0 && status === 'none') return <span className="muted">{t('vip.gift.none')}</span>;
  return (
    <span className="vip-gift" data-status={status}>
      <MoneyText value={amount} className="vip-gift-amount" />
      <GiftState status={status} nextAt={nextAt} />
    </span>
  );
}

function GiftState({ status, nextAt }: { status: GiftStatus; nextAt?: string }) {
  const { t } = useT();
  const timeZone = useSiteZone();
  switch (status) {
    case 'granted':
      return (
        <Link to={pathTo('lingjiang')} className="vip-claim-link">
          {t('vip.gift.claim')} ›
        </Link>
      );
    case 'claimed':
      return <StatusChip tone="success">{t('vip.gift.claimed')}</StatusChip>;
    case 'expired':
      return <StatusChip tone="muted">{t('vip.gift.expired')}</StatusChip>;
    case 'upcoming':
      return nextAt ? (
        <StatusChip tone="info">
          {t('vip.gift.upcoming', { date: zonedToday(new Date(nextAt), timeZone).slice(5) })}
        </StatusChip>
      ) : null;
    default:
      return null;
  }
}

function UpgradeBonuses({ info }: { info: VipInfo }) {
  const { t } = useT();
  return (
    <>
      <h2 className="section-title">{t('vip.bonuses')}</h2>
      <section className="card vip-bonuses" data-testid="vip-bonuses">
        {[...info.upgradeBonuses]
          .sort((a, b) => b.level - a.level)
          .map((b) => (
            <div key={b.level} className="vip-priv" data-level={b.level}>
              <div className="vip-priv-label">{t('vip.bonusLevel', { level: b.level })}</div>
              <div className="vip-priv-value">
                <Gift amount={b.amount} status={b.status} />
              </div>
            </div>
          ))}
      </section>
    </>
  );
}
