import { Link } from 'react-router';
import { KycStatusChip } from '../../components/ui/kyc-status';
import { useT } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { pathTo } from '../../lib/paths';
import { useCurrencySymbol } from '../../lib/sys-config';
import './i18n';
import type { WithdrawConfig } from './use-withdraw-form';

/**
 * Above the operator's amount a withdrawal needs the player's verified real name, the account's
 * holder being that name (docs/design.md §9, "KYC, as built"): said before the player asks, with
 * the verification's status and the way to it.
 */
export function WithdrawKycNotice({ config: c }: { config: WithdrawConfig }) {
  const { t } = useT();
  const symbol = useCurrencySymbol();
  if (c.kycRequiredAmount === 0) return null;
  const verified = c.kycStatus === 'approved';
  const canSend = c.kycStatus === 'none' || c.kycStatus === 'rejected';
  return (
    <div className={`notice${verified ? '' : ' notice-warn'}`} data-testid="withdraw-kyc">
      <div>
        <strong>{t('wallet.withdraw.kycNeeded', { amount: formatMoney(c.kycRequiredAmount, symbol) })}</strong>
        <p>{t('wallet.withdraw.kycHint')}</p>
      </div>
      <Link to={pathTo('shimingrenzheng')} className="status-link" data-testid="withdraw-kyc-link">
        <KycStatusChip status={c.kycStatus} />
        {canSend && <span className="btn btn-gold btn-small">{t('wallet.withdraw.kycGo')}</span>}
      </Link>
    </div>
  );
}
