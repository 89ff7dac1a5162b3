import type { DepositStatus } from '@breakshot/contracts';
import type { ChipTone } from '../../components/ui/status-chip';
import { useT } from '../../lib/i18n';
import { useSecondsLeft } from '../../lib/use-seconds-left';
import './deposit.css';
import './i18n';

export const DEPOSIT_TONE: Record<DepositStatus, ChipTone> = {
  PENDING: 'pending',
  PAID: 'success',
  EXPIRED: 'muted',
  FAILED: 'danger',
};

export function Countdown({ until }: { until: string }) {
  const { t } = useT();
  const left = useSecondsLeft(until);
  const mm = String(Math.floor(left / 60)).padStart(2, '0');
  const ss = String(left % 60).padStart(2, '0');
  return (
    <div className="countdown" data-testid="countdown">
      <span className="muted">{t('wallet.countdown')}</span>
      <strong className={left === 0 ? 'money-neg' : 'gold-text'}>
        {left === 0 ? t('wallet.expired') : `${mm}:${ss}`}
      </strong>
    </div>
  );
}
