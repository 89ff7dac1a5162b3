import { useInfiniteQuery } from '@tanstack/react-query';
import { useRef, type ReactNode } from 'react';
import { MoneyText } from '../../components/ui/money-text';
import { ErrorState, SkeletonLines } from '../../components/ui/page-state';
import { useSiteTime } from '../../lib/time';
import { useT } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { useCurrencySymbol } from '../../lib/sys-config';
import { errorText, showToast } from '../../lib/toast';
import {
  fetchLuckySlips,
  promotionKeys,
  useApplyPromotion,
  type LuckySlip,
  type PromotionDetail,
} from './api/promotions';

const PAGE_SIZE = 20;

/**
 * 我的中奖注单: the player's settled slips whose number ends in a prize ending, newest first, each
 * with 领取 while it may be claimed; one claim a day (today's application is that claim).
 */
export function LuckySlips({ promo }: { promo: PromotionDetail }) {
  const { t } = useT();
  const q = useInfiniteQuery({
    queryKey: promotionKeys.slips(promo.id),
    queryFn: ({ pageParam }) => fetchLuckySlips(promo.id, pageParam, PAGE_SIZE),
    initialPageParam: 1,
    getNextPageParam: (last, all) => {
      const loaded = all.reduce((n, p) => n + p.list.length, 0);
      return loaded < last.total && last.list.length > 0 ? all.length + 1 : undefined;
    },
  });
  const claimedToday = promo.application !== null;
  const blocked = claimedToday ? t('promo.slip.claimedToday') : promo.canApply ? null : promo.refusal;

  let body: ReactNode;
  if (q.isPending) body = <SkeletonLines count={3} />;
  else if (q.isError && !q.data) body = <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />;
  else {
    const slips = q.data.pages.flatMap((p) => p.list);
    body =
      slips.length === 0 ? (
        <div className="promo-slips-empty" data-testid="slips-empty">
          <strong>{t('promo.slip.empty')}</strong>
          <span className="muted small">{t('promo.slip.emptyText')}</span>
        </div>
      ) : (
        <>
          <ul className="promo-slips" data-testid="slips">
            {slips.map((s) => (
              <SlipRow key={s.betNo} slip={s} promoId={promo.id} canClaim={blocked === null} />
            ))}
          </ul>
          {q.hasNextPage && (
            <button
              type="button"
              className="btn btn-ghost btn-small promo-more"
              disabled={q.isFetchingNextPage}
              onClick={() => void q.fetchNextPage()}
            >
              {q.isFetchingNextPage ? t('promo.loadingMore') : t('promo.loadMore')}
            </button>
          )}
        </>
      );
  }
  return (
    <div className="promo-slips-box">
      <h3 className="promo-sub">{t('promo.slip.title')}</h3>
      {blocked && (
        <p className="promo-hint small" data-testid="slip-blocked">
          {blocked}
        </p>
      )}
      {body}
    </div>
  );
}

/** The bet number with the ending it matched picked out. */
function BetNo({ betNo, ending }: { betNo: string; ending: string }) {
  const cut = betNo.endsWith(ending) ? betNo.length - ending.length : betNo.length;
  return (
    <span className="mono promo-slip-no" data-testid="slip-no">
      {betNo.slice(0, cut)}
      <mark>{betNo.slice(cut)}</mark>
    </span>
  );
}

function SlipRow({ slip: s, promoId, canClaim }: { slip: LuckySlip; promoId: number; canClaim: boolean }) {
  const formatDateTime = useSiteTime();
  const { t } = useT();
  const symbol = useCurrencySymbol();
  const apply = useApplyPromotion();
  // Set at the press itself: the mutation's pending state reaches the button a moment later.
  const pressed = useRef(false);
  const claim = () => {
    if (pressed.current) return;
    pressed.current = true;
    apply.mutate(
      { id: promoId, betNo: s.betNo },
      {
        onSuccess: (a) =>
          void showToast(t('promo.slip.claimedToast', { amount: formatMoney(a.amount, symbol) }), 'success'),
        onError: (err) => void showToast(errorText(err), 'fail'),
        onSettled: () => (pressed.current = false),
      },
    );
  };
  const busy = apply.isPending || pressed.current;
  return (
    <li className={`promo-slip promo-slip-${s.status}`} data-bet-no={s.betNo} data-status={s.status}>
      <div className="promo-slip-top">
        <BetNo betNo={s.betNo} ending={s.ending} />
        <MoneyText value={s.bonus} className="promo-slip-bonus" />
      </div>
      <div className="promo-slip-meta muted small">
        <span>{t(`promo.game.${s.gameType}`)}</span>
        <span>{t('promo.slip.stake', { amount: formatMoney(s.stake, symbol) })}</span>
        <span>{formatDateTime(s.settledAt).slice(0, 16)}</span>
      </div>
      <div className="promo-slip-foot small">
        {s.status === 'claimable' ? (
          <>
            <span className="promo-slip-until">
              {t('promo.slip.until', { time: formatDateTime(s.claimableUntil).slice(0, 16) })}
            </span>
            <button
              type="button"
              className="btn btn-gold btn-small"
              disabled={!canClaim || busy}
              aria-busy={busy}
              onClick={claim}
              data-testid="slip-claim"
            >
              {busy ? t('promo.claiming') : t('promo.claim')}
            </button>
          </>
        ) : (
          <span className="muted">{t(`promo.slip.status.${s.status}`)}</span>
        )}
      </div>
    </li>
  );
}
