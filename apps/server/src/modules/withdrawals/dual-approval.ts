import { audited } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { dualApprovalAmount, getWithdrawSettings, setDualApprovalAmount } from './settings.js';

/** Sets the amount above which a withdrawal needs two operators; audited with the old value. */
export async function changeDualApprovalAmount(ctx: AppContext, operator: string, amount: number) {
  await audited(
    ctx,
    operator,
    async (tx) => {
      const was = await dualApprovalAmount(tx);
      await setDualApprovalAmount(tx, amount);
      return was;
    },
    (was) => ({
      action: 'withdrawals.dual-approval',
      target: 'withdraw_settings',
      payload: {},
      before: { dualApprovalAmount: was },
      after: { dualApprovalAmount: amount },
    }),
  );
  return { ...(await getWithdrawSettings(ctx.db)), dualApprovalAmount: amount };
}
