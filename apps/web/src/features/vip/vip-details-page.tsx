import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { MoneyText } from '../../components/ui/money-text';
import { ErrorState, SkeletonLines } from '../../components/ui/page-state';
import { GAME_TYPES } from '../../lib/game-types';
import { useT } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { formatRateBp } from '../../lib/rate';
import { useCurrencySymbol } from '../../lib/sys-config';
import { errorText } from '../../lib/toast';
import { vipLevelsQuery, type VipLevel } from './api/vip';
import './i18n';
import { VipBadge } from './vip-badge';
import './vip.css';

/** /user/vipDetails: every level as a card (thresholds, bonuses, gifts, rebate rates, withdrawals), the player's marked. */
export default function VipDetailsPage() {
  const { t } = useT();
  const q = useQuery(vipLevelsQuery());
  const mine = useRef<HTMLElement>(null);
  const current = q.data?.current;
  // Opens on the player's own level.
  useEffect(() => {
    if (current !== undefined && current > 1) mine.current?.scrollIntoView?.({ block: 'center' });
  }, [current]);

  if (q.isError && !q.data) {
    return (
      <div className="page vip">
        <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />
      </div>
    );
  }
  return (
    <div className="page vip" data-testid="vip-levels">
      <p className="muted small vip-intro">{t('vip.details.intro')}</p>
      {!q.data
        ? Array.from({ length: 3 }, (_, i) => (
            <section key={i} className="card vip-level-card" aria-busy="true">
              <SkeletonLines count={4} />
            </section>
          ))
        : q.data.levels.map((l) => (
            <LevelCard key={l.level} level={l} mine={l.level === q.data.current} cardRef={mine} />
          ))}
    </div>
  );
}

function LevelCard({
  level: l,
  mine,
  cardRef,
}: {
  level: VipLevel;
  mine: boolean;
  cardRef: React.RefObject<HTMLElement | null>;
}) {
  const { t } = useT();
  const symbol = useCurrencySymbol();
  const money = (v: number) => formatMoney(v, symbol);
  return (
    <section
      ref={mine ? cardRef : undefined}
      className={`card vip-level-card${mine ? ' vip-level-mine' : ''}`}
      aria-current={mine ? 'true' : undefined}
      data-testid={`level-${l.level}`}
    >
      <header className="vip-level-head">
        <VipBadge level={l.level} />
        <strong className="vip-level-name">VIP{l.level}</strong>
        {mine && <span className="vip-mine-tag">{t('vip.details.mine')}</span>}
        <span className="muted small vip-level-need" data-testid={`need-${l.level}`}>
          {l.minValidBet === 0 && l.minDeposits === 0
            ? t('vip.details.start')
            : t('vip.details.needValue', { bet: money(l.minValidBet), deposit: money(l.minDeposits) })}
        </span>
      </header>
      <dl className="vip-level-grid">
        <div>
          <dt>{t('vip.upgrade')}</dt>
          <dd>
            <MoneyText value={l.upgradeBonus} />
          </dd>
        </div>
        <div>
          <dt>{t('vip.weekly')}</dt>
          <dd>
            <MoneyText value={l.weeklyGift} />
          </dd>
        </div>
        <div>
          <dt>{t('vip.monthly')}</dt>
          <dd>
            <MoneyText value={l.monthlyGift} />
          </dd>
        </div>
        <div className="vip-level-rates">
          <dt>{t('vip.rebate')}</dt>
          <dd>
            {GAME_TYPES.map((g) => (
              <span key={g}>
                {t(`vip.game.${g}`)} {formatRateBp(l.rebateRates[g] ?? 0)}
              </span>
            ))}
          </dd>
        </div>
        <div>
          <dt>{t('vip.withdrawals')}</dt>
          <dd>{t('vip.withdrawalsValue', { n: l.withdrawalsPerDay })}</dd>
        </div>
      </dl>
    </section>
  );
}
