import { audited } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import type { Conn } from '../../platform/db.js';
import { dualApprovalAmount, getWithdrawSettings, setDualApprovalAmount } from './settings.js';

/* The operator's withdrawal settings: the limits and fee players see, and the dual-approval amount. */

export async function withdrawSettingsForOperator(db: Conn) {
  return { ...(await getWithdrawSettings(db)), dualApprovalAmount: await dualApprovalAmount(db) };
}

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
