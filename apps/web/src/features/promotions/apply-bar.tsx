import { useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { pathTo, type RouteId } from '../../lib/paths';
import { useCurrencySymbol } from '../../lib/sys-config';
import { errorText, showToast } from '../../lib/toast';
import { useApplyPromotion, type PromotionDetail, type PromotionType } from './api/promotions';
import { ApplicationChip } from './promotion-ui';

/** What to do once applied, by type (the lucky slip is claimed slip by slip, with no bar). */
const NEXT: Record<Exclude<PromotionType, 'lucky_slip'>, { route: RouteId; action: string }> = {
  first_deposit: { route: 'chongzhi', action: 'promo.next.deposit' },
  reload: { route: 'chongzhi', action: 'promo.next.deposit' },
  fee_waiver: { route: 'qukuan', action: 'promo.next.withdraw' },
  slots_turnover: { route: 'home', action: 'promo.next.play' },
  agent_starter: { route: 'share', action: 'promo.next.invite' },
};

/** Types whose one bonus of the period, once granted, is all there is: the next step is 领奖. */
const ONE_BONUS: ReadonlySet<PromotionType> = new Set(['first_deposit', 'slots_turnover']);

/**
 * The bar at the bottom of a promotion: 立即申请 while applying would be accepted; once applied,
 * the application's state and the next step (去充值, 去取款…; 去领奖 when its bonus is granted);
 * otherwise why it cannot be applied for, by a disabled button.
 */
export function ApplyBar({ promo }: { promo: PromotionDetail }) {
  const { t } = useT();
  const symbol = useCurrencySymbol();
  const apply = useApplyPromotion();
  const pressed = useRef(false);
  if (promo.type === 'lucky_slip') return null;
  const next = NEXT[promo.type];
  const app = promo.application;

  const onApply = () => {
    if (pressed.current) return;
    pressed.current = true;
    apply.mutate(
      { id: promo.id },
      {
        onSuccess: () => void showToast(t('promo.applied'), 'success'),
        onError: (err) => void showToast(errorText(err), 'fail'),
        onSettled: () => (pressed.current = false),
      },
    );
  };

  let note: ReactNode;
  let button: ReactNode;
  if (app) {
    const granted = app.status === 'granted';
    note = (
      <>
        <ApplicationChip status={app.status} type={promo.type} />
        <span data-testid="apply-note">
          {app.status === 'rejected'
            ? (app.reason ?? t('promo.app.rejected'))
            : granted && promo.type !== 'fee_waiver'
              ? t('promo.grantedAmount', { amount: formatMoney(app.amount, symbol) })
              : t(`promo.hint.${promo.type}`)}
        </span>
      </>
    );
    button =
      app.status === 'rejected' ? (
        <button type="button" className="btn btn-gold btn-block" disabled data-testid="apply">
          {t('promo.appliedButton')}
        </button>
      ) : granted && ONE_BONUS.has(promo.type) ? (
        <Link to={pathTo('lingjiang')} className="btn btn-gold btn-block" data-testid="next-step">
          {t('promo.goClaim')}
        </Link>
      ) : (
        <Link to={pathTo(next.route)} className="btn btn-gold btn-block" data-testid="next-step">
          {t(next.action)}
        </Link>
      );
  } else {
    const busy = apply.isPending || pressed.current;
    note = promo.canApply ? null : (
      <span className="promo-refusal" data-testid="apply-note">
        {promo.refusal ?? t(`promo.status.${promo.status}`)}
      </span>
    );
    button = (
      <button
        type="button"
        className="btn btn-gold btn-block"
        disabled={!promo.canApply || busy}
        aria-busy={busy}
        onClick={onApply}
        data-testid="apply"
      >
        {busy && <span className="btn-spinner" aria-hidden="true" />}
        {promo.status === 'upcoming'
          ? t('promo.status.upcoming')
          : promo.status === 'ended'
            ? t('promo.status.ended')
            : busy
              ? t('promo.applying')
              : t('promo.apply')}
      </button>
    );
  }

  return (
    <div className="promo-bar-bottom" data-testid="apply-bar">
      {note && <div className="promo-bar-note small">{note}</div>}
      {button}
    </div>
  );
}
