import { randomUUID } from 'node:crypto';
import { paymentsAdmin, playersAdmin, withdrawalsAdmin, formatMoney } from '@breakshot/contracts';
import { arg, words } from './args.js';
import { defineCommand, type Io } from './command.js';
import { UsageError } from './errors.js';
import { minorUnits, siteTime } from './format.js';

/** Deposits, withdrawals and balances. */
export const moneyCommands = [
  defineCommand({
    name: 'deposits',
    usage: '',
    summary: 'manual-channel deposits waiting for confirmation',
    async run(_args, io) {
      const time = await siteTime(io);
      const data = await io.post(paymentsAdmin.depositsPending, { page: 1, pageSize: 100 });
      io.table(
        data.list.map((d) => ({
          orderNo: d.orderNo,
          user: d.username,
          channel: d.channel,
          amount: formatMoney(d.amount),
          status: d.status,
          created: time(d.createdAt),
          expires: time(d.expiresAt),
        })),
        data.total,
      );
    },
  }),
  defineCommand({
    name: 'confirm-deposit',
    usage: '<orderNo>',
    summary: 'credit a manual deposit',
    async run({ positionals }, io) {
      printStatus(io, await io.post(paymentsAdmin.depositConfirm, { orderNo: arg(positionals, 0, 'orderNo') }));
    },
  }),
  defineCommand({
    name: 'withdrawals',
    usage: '[status]',
    summary: 'withdrawals (reviewing, approved, paid, rejected; default reviewing)',
    async run({ positionals }, io) {
      const time = await siteTime(io);
      const status = positionals[0] ?? 'reviewing';
      const data = await io.post(withdrawalsAdmin.withdrawalsList, { status, page: 1, pageSize: 100 });
      io.table(
        data.list.map((w) => ({
          orderNo: w.orderNo,
          user: w.username,
          amount: formatMoney(w.amount),
          fee: formatMoney(w.feeAmount),
          net: formatMoney(w.netAmount),
          status: w.status,
          account: describeAccount(w.account),
          created: time(w.createdAt),
          ...(w.reason ? { reason: w.reason } : {}),
        })),
        data.total,
      );
    },
  }),
  defineCommand({
    name: 'approve',
    usage: '<orderNo>',
    summary: 'reviewing → approved',
    async run({ positionals }, io) {
      printStatus(io, await io.post(withdrawalsAdmin.withdrawalApprove, { orderNo: arg(positionals, 0, 'orderNo') }));
    },
  }),
  defineCommand({
    name: 'pay',
    usage: '<orderNo>',
    summary: 'approved → paid',
    async run({ positionals }, io) {
      printStatus(io, await io.post(withdrawalsAdmin.withdrawalPay, { orderNo: arg(positionals, 0, 'orderNo') }));
    },
  }),
  defineCommand({
    name: 'reject',
    usage: '<orderNo> <reason…>',
    summary: 'reviewing/approved → rejected, money back to the player',
    async run({ positionals }, io) {
      const orderNo = arg(positionals, 0, 'orderNo');
      const reason = words(positionals, 1);
      if (!reason) throw new UsageError('reject needs a reason');
      printStatus(io, await io.post(withdrawalsAdmin.withdrawalReject, { orderNo, reason }));
    },
  }),
  defineCommand({
    name: 'adjust',
    usage: '<username> <amount> <reason…> [--turnover N]',
    summary: 'credit (100.50) or debit (-20) a balance in yuan; a credit adds amount × N turnover (default 0)',
    options: ['turnover'],
    async run({ positionals, options }, io) {
      const turnover = turnoverMultiple(options.turnover);
      const username = arg(positionals, 0, 'username');
      const amount = minorUnits(arg(positionals, 1, 'amount'));
      const reason = words(positionals, 2);
      if (!reason) throw new UsageError('adjust needs a reason');
      const data = await io.post(playersAdmin.balanceAdjust, {
        username,
        amount,
        reason,
        requestId: randomUUID(),
        ...(turnover === undefined ? {} : { turnoverMultiple: turnover }),
      });
      io.print(
        `${data.username}: ${amount > 0 ? '+' : ''}${formatMoney(data.amount)}, balance now ${formatMoney(data.balance)}`,
      );
    },
  }),
  defineCommand({
    name: 'waive-turnover',
    usage: '<username> <reason…>',
    summary: "clear what is left of a player's turnover requirement",
    async run({ positionals }, io) {
      const username = arg(positionals, 0, 'username');
      const reason = words(positionals, 1);
      if (!reason) throw new UsageError('waive-turnover needs a reason');
      const data = await io.post(playersAdmin.turnoverWaive, { username, reason });
      io.print(`${data.username}: turnover waived ${formatMoney(data.waived)}`);
    },
  }),
];

function turnoverMultiple(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) throw new UsageError('--turnover needs a whole number ≥ 0');
  return n;
}

/** A withdrawal's payee account on one line: `usdt TRC20 T…`, `bank 工商银行 … 张三`. */
function describeAccount(a: { type: string } & Record<string, string | undefined>): string {
  const parts = [
    a.type,
    a.network,
    a.bankName,
    a.branch,
    a.address,
    a.cardNumber,
    a.wechatId,
    a.account,
    a.holder ?? a.realName,
  ];
  return parts.filter(Boolean).join(' ');
}

function printStatus(io: Io, data: { orderNo: string; status: string }): void {
  io.print(`${data.orderNo}: ${data.status}`);
}
