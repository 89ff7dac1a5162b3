import { Tag } from 'antd';
import type { kyc } from '@breakshot/contracts';

export const kycStatusLabels: Record<kyc.KycStatus, string> = {
  pending: '待审核',
  approved: '已通过',
  rejected: '已驳回',
};
const COLORS: Record<kyc.KycStatus, string> = { pending: 'gold', approved: 'green', rejected: 'red' };

/** A real-name submission's status as a coloured tag (实名认证, the player page). */
export const kycStatusTag = (status: kyc.KycStatus) => (
  <Tag color={COLORS[status]} data-testid="kyc-status">
    {kycStatusLabels[status]}
  </Tag>
);
