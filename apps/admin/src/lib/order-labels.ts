import type { payments, withdrawals } from '@breakshot/contracts';

/* The states of deposit and withdrawal orders in the operator's words, wherever an order shows. */

export const depositStatusLabels: Record<payments.DepositStatus, string> = {
  PENDING: '待支付',
  PAID: '已支付',
  EXPIRED: '已过期',
  FAILED: '失败',
};

export const withdrawStatusLabels: Record<withdrawals.WithdrawStatus, string> = {
  reviewing: '待审核',
  approved: '待出款',
  paid: '已出款',
  rejected: '已拒绝',
};
