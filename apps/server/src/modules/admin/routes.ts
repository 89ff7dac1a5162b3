import type { FastifyInstance } from 'fastify';
import { admin, adminConsole } from '@breakshot/contracts';
import { listAudit } from '../../platform/audit.js';
import { adminRoute } from '../../platform/route.js';
import {
  listContentPages,
  listNoticesForOperator,
  publishNotice,
  saveContentPageAs,
  withdrawNotice,
} from '../content/service.js';
import {
  changeUsdtRate,
  confirmManualDeposit,
  listAllDeposits,
  listCallbacks,
  listChannelsForOperator,
  listManualDepositQueue,
  switchChannel,
} from '../payments/service.js';
import { getSysConfig, saveServiceUrl, saveSiteContact } from '../system/service.js';
import { getWithdrawSettings, listWithdrawals, reviewWithdrawal, dualApprovalAmount } from '../withdrawals/service.js';
import { dashboard, queueCounts } from './dashboard.js';
import { listPlayersForOperator, playerBets, playerDetail, playerLedger } from './players.js';
import { changeDualApprovalAmount } from './withdraw-settings.js';
import { adjustBalance } from './adjust.js';
import { setPlayerStatus } from './player-status.js';
import { waivePlayerTurnover } from './waive-turnover.js';

/** Operator calls on players and money (an area of the operator plugin, which guards them). */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  adminRoute(app, admin.withdrawalsList, async (input) => listWithdrawals(ctx.db, input));
  adminRoute(app, admin.withdrawalApprove, async (input, op) => reviewWithdrawal(ctx, op.name, 'approve', input));
  adminRoute(app, admin.withdrawalPay, async (input, op) => reviewWithdrawal(ctx, op.name, 'pay', input));
  adminRoute(app, admin.withdrawalReject, async (input, op) => reviewWithdrawal(ctx, op.name, 'reject', input));

  adminRoute(app, admin.depositsPending, async (input) => listManualDepositQueue(ctx.db, input));
  adminRoute(app, admin.depositConfirm, async ({ orderNo }, op) => {
    await confirmManualDeposit(ctx, orderNo, op.name);
    return { orderNo, status: 'PAID' };
  });

  adminRoute(app, admin.balanceAdjust, async (input, op) => adjustBalance(ctx, op.name, input));
  adminRoute(app, admin.turnoverWaive, async (input, op) => waivePlayerTurnover(ctx, op.name, input));
  adminRoute(app, admin.auditList, async (input) => listAudit(ctx.db, input));
  adminRoute(app, admin.channelsList, async () => listChannelsForOperator(ctx));
  adminRoute(app, admin.channelSetEnabled, async (input, op) => switchChannel(ctx, op.name, input));
  adminRoute(app, admin.usdtRateSet, async (input, op) => changeUsdtRate(ctx, op.name, input));
  adminRoute(app, admin.playerSetStatus, async (input, op) => setPlayerStatus(ctx, op.name, input));

  adminRoute(app, adminConsole.dashboard, async () => dashboard(ctx.db, ctx.now(), ctx.readDb));
  adminRoute(app, adminConsole.queues, async () => queueCounts(ctx.db));
  adminRoute(app, adminConsole.playersList, async (input) => listPlayersForOperator(ctx.db, input));
  adminRoute(app, adminConsole.playerDetail, async ({ username }) => playerDetail(ctx.db, username, ctx.now()));
  adminRoute(app, adminConsole.playerLedger, async (input) => playerLedger(ctx.db, input));
  adminRoute(app, adminConsole.playerBets, async (input) => playerBets(ctx.db, input));
  adminRoute(app, adminConsole.depositsList, async (input) => listAllDeposits(ctx.db, input));
  adminRoute(app, adminConsole.depositCallbacks, async ({ orderNo }) => listCallbacks(ctx.db, orderNo));
  adminRoute(app, adminConsole.noticesList, async (input) => listNoticesForOperator(ctx.db, input));
  adminRoute(app, adminConsole.noticePublish, async (input, op) => publishNotice(ctx, op.name, input));
  adminRoute(app, adminConsole.noticeWithdraw, async ({ id }, op) => withdrawNotice(ctx, op.name, id));
  adminRoute(app, adminConsole.contentPagesList, async () => listContentPages(ctx.db));
  adminRoute(app, adminConsole.contentPageSave, async (input, op) => saveContentPageAs(ctx, op.name, input));
  adminRoute(app, adminConsole.siteContactGet, async () => (await getSysConfig(ctx.db)).contact);
  adminRoute(app, adminConsole.siteContactSave, async (input, op) => saveSiteContact(ctx, op.name, input));
  adminRoute(app, adminConsole.siteServiceGet, async () => ({ serviceUrl: (await getSysConfig(ctx.db)).serviceUrl }));
  adminRoute(app, adminConsole.siteServiceSave, async (input, op) => saveServiceUrl(ctx, op.name, input.serviceUrl));
  adminRoute(app, adminConsole.withdrawSettingsGet, async () => ({
    ...(await getWithdrawSettings(ctx.db)),
    dualApprovalAmount: await dualApprovalAmount(ctx.db),
  }));
  adminRoute(app, adminConsole.dualApprovalSet, async (input, op) =>
    changeDualApprovalAmount(ctx, op.name, input.dualApprovalAmount),
  );
}
