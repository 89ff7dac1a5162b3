import { useQuery } from '@tanstack/react-query';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { useRef } from 'react';
import { Link } from 'react-router';
import { MoneyText } from '../../components/ui/money-text';
import { ErrorState, SkeletonLines } from '../../components/ui/page-state';
import { PullRefresh } from '../../components/ui/pull-refresh';
import { useSiteTime } from '../../lib/time';
import { useT } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { pathTo } from '../../lib/paths';
import { formatRateBp } from '../../lib/rate';
import { useCurrencySymbol } from '../../lib/sys-config';
import { errorText, showToast } from '../../lib/toast';
import { splitDuration, useSecondsLeft } from '../../lib/use-seconds-left';
import { rebateSummaryQuery, useClaimRebate, type RebateSummary } from './api/rebates';
import './i18n';
import './rebates.css';

/**
 * /user/shishifanshui (the 返水 tab): the rebate claimable now, each game type's valid bet not yet
 * rebated with its rate and amount, and 一键领取 — disabled below the minimum or within the claim
 * interval (with a live countdown). Its query key starts with 'user', so BET_SETTLED (any bet of
 * the player settled, a lost one too) refreshes the figures.
 */
export default function ShishifanshuiPage() {
  const { t } = useT();
  const q = useQuery(rebateSummaryQuery());
  return (
    <PullRefresh onRefresh={q.refetch}>
      <div className="page rebate" data-testid="rebate-page">
        {q.isError && !q.data ? (
          <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />
        ) : (
          <>
            {q.data ? <ClaimCard summary={q.data} /> : <HeroSkeleton />}
            <h2 className="section-title">{t('rebate.byGame')}</h2>
            <section className="card rebate-table" aria-busy={!q.data}>
              <div className="rebate-row rebate-row-head muted small">
                <span>{t('rebate.col.game')}</span>
                <span>{t('rebate.col.validBet')}</span>
                <span>{t('rebate.col.rate')}</span>
                <span>{t('rebate.col.amount')}</span>
              </div>
              {q.data ? (
                q.data.items.map((it) => (
                  <div key={it.gameType} className="rebate-row" data-testid={`rebate-${it.gameType}`}>
                    <span className="rebate-game">{t(`rebate.game.${it.gameType}`)}</span>
                    <MoneyText value={it.validBet} />
                    <span className="rebate-rate">{formatRateBp(it.rateBp)}</span>
                    <MoneyText value={it.amount} className={it.amount > 0 ? 'gold' : undefined} />
                  </div>
                ))
              ) : (
                <SkeletonLines count={3} />
              )}
            </section>
            <p className="muted small rebate-note">{t('rebate.realtime')}</p>
            <nav className="card rebate-links">
              <Link to={pathTo('fanshuiguize')} data-testid="link-rules">
                <span>{t('rebate.rulesLink')}</span>
                <RightOutline />
              </Link>
              <Link to={pathTo('fanshuilogs')} data-testid="link-logs">
                <span>{t('rebate.logsLink')}</span>
                <RightOutline />
              </Link>
            </nav>
          </>
        )}
      </div>
    </PullRefresh>
  );
}

function HeroSkeleton() {
  return (
    <section className="card rebate-hero" aria-busy="true">
      <SkeletonLines count={1} />
      <span className="sk sk-title rebate-sk-total" />
      <SkeletonLines count={1} />
    </section>
  );
}

/** The big number and 一键领取 with the reason it cannot be pressed yet. */
function ClaimCard({ summary }: { summary: RebateSummary }) {
  const formatDateTime = useSiteTime();
  const { t } = useT();
  const symbol = useCurrencySymbol();
  const claim = useClaimRebate();
  const wait = useSecondsLeft(summary.nextClaimAt);
  const min = formatMoney(summary.minClaim, symbol);
  const reason =
    wait > 0
      ? t('rebate.waitFor', { left: splitDuration(wait).clock })
      : summary.total < summary.minClaim
        ? t('rebate.belowMin', { min })
        : null;

  // Set at the press itself: the mutation's pending state reaches the button a moment later.
  const pressed = useRef(false);
  const onClaim = () => {
    if (pressed.current) return;
    pressed.current = true;
    claim.mutate(undefined, {
      onSuccess: (r) => void showToast(t('rebate.claimed', { amount: formatMoney(r.amount, symbol) }), 'success'),
      onError: (err) => void showToast(errorText(err), 'fail'),
      onSettled: () => (pressed.current = false),
    });
  };
  const busy = claim.isPending || pressed.current;

  return (
    <section className="card rebate-hero">
      <div className="rebate-hero-top">
        <span className="muted">{t('rebate.claimable')}</span>
        <span className="rebate-vip">{t('rebate.levelRates', { level: summary.vipLevel })}</span>
      </div>
      <div className="rebate-total" data-testid="rebate-total">
        <MoneyText value={summary.total} className="gold-text" />
      </div>
      <p className="muted small rebate-terms">
        {t('rebate.minAndInterval', { min, minutes: summary.intervalMinutes })}
      </p>
      <button
        type="button"
        className="btn btn-gold btn-block"
        disabled={reason !== null || busy}
        aria-busy={busy}
        onClick={onClaim}
        data-testid="rebate-claim"
      >
        {busy && <span className="btn-spinner" aria-hidden="true" />}
        {busy ? t('rebate.claiming') : t('rebate.claim')}
      </button>
      {reason && (
        <p className="rebate-reason small" data-testid="rebate-reason">
          {reason}
        </p>
      )}
      {summary.lastClaimAt && (
        <p className="muted small rebate-last">
          {t('rebate.lastClaim')} {formatDateTime(summary.lastClaimAt)}
        </p>
      )}
    </section>
  );
}
