import type { FastifyInstance } from 'fastify';
import { withdrawals } from '@breakshot/contracts';
import { sessionUser } from '../../platform/auth-hook.js';
import { route } from '../../platform/route.js';
import { addAccount, changeUsdt, deleteAccount, listAccounts, setWithdrawType } from './accounts.js';
import { setFundPassword } from './fund-password.js';
import { addWithdraw, withdrawConfig, withdrawDetails, withdrawRecords } from './orders.js';
import './review.js';

/** The player's fund password, withdrawal accounts and withdrawals. */
export async function withdrawalRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const userId = (req: Parameters<typeof sessionUser>[0]) => sessionUser(req).userId;

  route(app, withdrawals.setFundPassword, async (input, req) => {
    await setFundPassword(ctx, userId(req), input);
    return {};
  });

  route(app, withdrawals.accounts, async (_input, req) => listAccounts(ctx.db, userId(req)));
  route(app, withdrawals.addAccount, async (input, req) => addAccount(ctx, userId(req), input));
  route(app, withdrawals.deleteAccount, async (input, req) => {
    await deleteAccount(ctx, userId(req), input);
    return {};
  });
  route(app, withdrawals.setWithdrawType, async (input, req) => {
    await setWithdrawType(ctx.db, userId(req), input);
    return {};
  });
  route(app, withdrawals.changeUsdt, async (input, req) => {
    await changeUsdt(ctx, userId(req), input);
    return {};
  });

  route(app, withdrawals.withdrawConfig, async (_input, req) => withdrawConfig(ctx, userId(req)));
  route(app, withdrawals.addWithdraw, async (input, req) => addWithdraw(ctx, userId(req), input));
  route(app, withdrawals.withdrawRecords, async (input, req) => withdrawRecords(ctx.db, userId(req), input));
  route(app, withdrawals.withdrawDetails, async (input, req) => withdrawDetails(ctx.db, userId(req), input.orderNo));
}
