import type { ChipTone } from '../../components/ui/status-chip';
import './i18n';
import './withdraw.css';

export type WithdrawStatusName = 'reviewing' | 'approved' | 'paid' | 'rejected';
export const WITHDRAW_TONE: Record<WithdrawStatusName, ChipTone> = {
  reviewing: 'pending',
  approved: 'info',
  paid: 'success',
  rejected: 'danger',
};
