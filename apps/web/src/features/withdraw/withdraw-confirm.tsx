import CenterPopup from 'antd-mobile/es/components/center-popup';
import { DetailRows } from '../../components/ui/detail-rows';
import { MoneyText } from '../../components/ui/money-text';
import { useT } from '../../lib/i18n';
import './i18n';
import { withdrawFee, type WithdrawRules } from './use-withdraw-form';

/** The confirm dialog of a withdrawal: amount, fee (none under the fee waiver) and net, computed like the server; account. */
export function WithdrawConfirm({
  visible,
  amount,
  rules,
  accountText,
  busy,
  onConfirm,
  onCancel,
}: {
  visible: boolean;
  amount: number;
  rules: Pick<WithdrawRules, 'feeRateBps' | 'feeMinAmount' | 'feeWaived'>;
  accountText: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useT();
  const { fee, net } = withdrawFee(amount, rules);
  return (
    <CenterPopup visible={visible} onMaskClick={busy ? undefined : onCancel} bodyClassName="confirm-box" destroyOnClose>
      <div data-testid="withdraw-confirm">
        <h2>{t('wallet.withdraw.confirmTitle')}</h2>
        <DetailRows
          rows={[
            { label: t('wallet.amount'), value: <MoneyText value={amount} />, testId: 'confirm-amount' },
            { label: t('wallet.fee'), value: <MoneyText value={fee} />, testId: 'confirm-fee' },
            {
              label: t('wallet.net'),
              value: <MoneyText value={net} className="gold-text strong" />,
              testId: 'confirm-net',
            },
            { label: t('wallet.account'), value: <span className="mono">{accountText}</span> },
          ]}
        />
        <p className="muted small">{t('wallet.withdraw.confirmHint')}</p>
        <div className="btn-pair">
          <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-gold"
            onClick={onConfirm}
            disabled={busy}
            aria-busy={busy}
            data-testid="confirm-withdraw"
          >
            {busy && <span className="btn-spinner" aria-hidden="true" />}
            {busy ? t('wallet.withdraw.submitting') : t('wallet.withdraw.confirm')}
          </button>
        </div>
      </div>
    </CenterPopup>
  );
}
