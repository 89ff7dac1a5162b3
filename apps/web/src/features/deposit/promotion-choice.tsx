import type { promotions } from '@breakshot/contracts';
import { Link } from 'react-router';
import { MoneyText } from '../../components/ui/money-text';
import { RadioMark } from '../../components/ui/radio-mark';
import { useT } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { pathTo } from '../../lib/paths';
import { useCurrencySymbol } from '../../lib/sys-config';
import { firstDepositAhead, promotionBonus, promotionMinDeposit } from './deposit-promotions';
import './i18n';

/**
 * The deposit's promotion (docs/screens.md /user/chongzhi "promotion to apply"): 不参与优惠 or one of the
 * offers, each with what the typed amount would earn. A joined one is chosen already (已参与) and
 * leaves no 不参与 to pick: the deposit counts for it anyway.
 */
export function PromotionChoice({
  offers,
  chosenId,
  onChoose,
  amount,
}: {
  offers: promotions.PromotionDetail[];
  chosenId: number | null;
  onChoose: (id: number | null) => void;
  /** The valid typed amount, or null. */
  amount: number | null;
}) {
  const { t } = useT();
  const symbol = useCurrencySymbol();
  const joined = offers.some((p) => p.joined);
  const firstAhead = firstDepositAhead(offers);
  return (
    <div className="promo-choice" role="radiogroup" aria-label={t('wallet.deposit.promo.title')}>
      <div className="promo-choice-title">{t('wallet.deposit.promo.title')}</div>
      {!joined && (
        <div className={`promo-option${chosenId === null ? ' promo-on' : ''}`}>
          <button
            type="button"
            role="radio"
            aria-checked={chosenId === null}
            className="promo-pick"
            onClick={() => onChoose(null)}
            data-testid="promo-none"
          >
            <RadioMark on={chosenId === null} className="promo-radio" />
            <span className="promo-title">{t('wallet.deposit.promo.none')}</span>
          </button>
        </div>
      )}
      {offers.map((p) => {
        const on = p.id === chosenId;
        const skipsThis = firstAhead && p.type === 'reload';
        const bonus = amount === null || skipsThis ? null : promotionBonus(amount, p);
        return (
          <div key={p.id} className={`promo-option${on ? ' promo-on' : ''}`}>
            <button
              type="button"
              role="radio"
              aria-checked={on}
              className="promo-pick"
              onClick={() => onChoose(p.id)}
              data-testid={`promo-${p.id}`}
            >
              <RadioMark on={on} className="promo-radio" />
              <span className="promo-text">
                <span className="promo-title">
                  {p.title}
                  {p.joined && <span className="promo-tag">{t('wallet.deposit.promo.joined')}</span>}
                </span>
                {p.summary && <span className="promo-summary">{p.summary}</span>}
                {amount !== null && skipsThis && (
                  <span className="promo-bonus" data-testid={`promo-bonus-${p.id}`}>
                    {t('wallet.deposit.promo.notFirst')}
                  </span>
                )}
                {bonus !== null && (
                  <span className="promo-bonus" data-testid={`promo-bonus-${p.id}`}>
                    {bonus > 0 ? (
                      <>
                        {t('wallet.deposit.promo.bonus')} <MoneyText value={bonus} className="money-pos" />
                        {p.turnoverMultiple > 0 &&
                          ` · ${t('wallet.deposit.promo.turnover', { n: p.turnoverMultiple })}`}
                      </>
                    ) : (
                      t('wallet.deposit.promo.below', { min: formatMoney(promotionMinDeposit(p), symbol) })
                    )}
                  </span>
                )}
              </span>
            </button>
            <Link className="promo-more" to={pathTo('youhuiDetails', {}, { id: p.id })}>
              {t('wallet.deposit.promo.details')} ›
            </Link>
          </div>
        );
      })}
    </div>
  );
}
