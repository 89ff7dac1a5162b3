import type { kyc } from '@breakshot/contracts';
import { useT } from '../../lib/i18n';
import { StatusChip, type ChipTone } from './status-chip';
import './ui-i18n';

const TONES: Record<kyc.KycState, ChipTone> = {
  none: 'muted',
  pending: 'pending',
  approved: 'success',
  rejected: 'danger',
};

/** The real-name verification's status as a chip: 未认证, 审核中, 已认证, 未通过. */
export function KycStatusChip({ status, testId }: { status: kyc.KycState; testId?: string }) {
  const { t } = useT();
  return (
    <StatusChip tone={TONES[status]} testId={testId}>
      {t(`ui.kyc.${status}`)}
    </StatusChip>
  );
}
