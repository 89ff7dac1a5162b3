import { MoneyText } from '../../components/ui/money-text';
import { bpsText, Section } from '../../components/wallet/wallet-ui';
import { useT } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { useCurrencySymbol } from '../../lib/sys-config';
import './i18n';
import type { FeeWaiverState, WithdrawConfig, WithdrawView } from './use-withdraw-form';

/** The withdraw form's turnover section: turnover progress, times left today, limits, fee rule and fee waiver. */
export function WithdrawLimits({
  config: c,
  view,
}: {
  config: WithdrawConfig;
  view: Pick<WithdrawView, 'rules' | 'waiver' | 'timesLeft' | 'turnoverPct'>;
}) {
  const { t } = useT();
  const symbol = useCurrencySymbol();
  const { rules, waiver, timesLeft } = view;
  return (
    <Section title={t('wallet.withdraw.turnover')}>
      <TurnoverProgress turnover={c.turnover} pct={view.turnoverPct} />
      <div className="rule-grid">
        <div>
          <span className="muted small">{t('wallet.withdraw.timesLeft')}</span>
          <strong data-testid="times-left">
            {t('wallet.withdraw.timesValue', { left: timesLeft, total: c.dailyCount })}
          </strong>
        </div>
        <div>
          <span className="muted small">{t('wallet.withdraw.limits')}</span>
          <strong>
            {formatMoney(c.minAmount, symbol)} – {formatMoney(c.maxAmount, symbol)}
          </strong>
        </div>
        <div>
          <span className="muted small">{t('wallet.withdraw.feeRule')}</span>
          <strong data-testid="fee-rule" className={rules.feeWaived ? 'money-pos' : undefined}>
            {rules.feeWaived
              ? t('wallet.withdraw.feeWaived', { zero: formatMoney(0, symbol) })
              : c.feeRateBps === 0 && c.feeMinAmount === 0
                ? t('wallet.withdraw.feeFree')
                : t('wallet.withdraw.feeValue', {
                    rate: bpsText(c.feeRateBps),
                    min: formatMoney(c.feeMinAmount, symbol),
                  })}
          </strong>
        </div>
      </div>
      {waiver && <FeeWaiverNote waiver={waiver} />}
      {timesLeft === 0 && <p className="small warn-text">{t('wallet.withdraw.noTimesLeft')}</p>}
    </Section>
  );
}

/** Turnover required, done and left, with a bar of the part done and whether it is met. */
function TurnoverProgress({ turnover, pct }: { turnover: WithdrawConfig['turnover']; pct: number }) {
  const { t } = useT();
  const symbol = useCurrencySymbol();
  const unmet = turnover.left > 0;
  return (
    <div className="turnover" data-testid="turnover">
      <div className="bar" aria-hidden="true">
        <span style={{ width: `${pct}%` }} />
      </div>
      <div className="turnover-nums">
        <div>
          <span className="muted small">{t('wallet.withdraw.turnoverRequired')}</span>
          <MoneyText value={turnover.required} />
        </div>
        <div>
          <span className="muted small">{t('wallet.withdraw.turnoverDone')}</span>
          <MoneyText value={turnover.done} />
        </div>
        <div>
          <span className="muted small">{t('wallet.withdraw.turnoverLeft')}</span>
          <MoneyText value={turnover.left} className={unmet ? 'money-neg' : 'money-pos'} />
        </div>
      </div>
      <p className={`small ${unmet ? 'warn-text' : 'money-pos'}`}>
        {unmet
          ? t('wallet.withdraw.turnoverNotMet', { left: formatMoney(turnover.left, symbol) })
          : t('wallet.withdraw.turnoverMet')}
      </p>
    </div>
  );
}

/** This week's fee waiver: free withdrawals left, valid bet still needed, or all used. */
function FeeWaiverNote({ waiver }: { waiver: FeeWaiverState }) {
  const { t } = useT();
  const symbol = useCurrencySymbol();
  return (
    <p className={`small fee-waiver fee-waiver-${waiver.kind}`} data-testid="fee-waiver">
      {waiver.kind === 'free'
        ? t('wallet.withdraw.waiverFree', { left: waiver.left, total: waiver.total })
        : waiver.kind === 'bet'
          ? t('wallet.withdraw.waiverBet', { needed: formatMoney(waiver.needed, symbol) })
          : t('wallet.withdraw.waiverUsed', { total: waiver.total })}
    </p>
  );
}
