import { playersAdmin, formatMoney, limitsAdmin, securityAdmin } from '@breakshot/contracts';
import { arg, words } from './args.js';
import { defineCommand, type Command } from './command.js';
import { UsageError } from './errors.js';
import { siteTime } from './format.js';

/** Players: their status, their responsible-gaming limits, the SMS they were sent. */
export const playerCommands = [
  playerStatus('player-disable', 'disabled', 'disable a player: sessions ended, login refused'),
  playerStatus('player-enable', 'active', 'enable a disabled player again'),
  defineCommand({
    name: 'player-limits',
    usage: '<username>',
    summary:
      "a player's responsible-gaming limits: deposit limits (with pending increases), self-exclusion and its end (nobody can lift it early), reality reminder",
    async run({ positionals }, io) {
      const time = await siteTime(io);
      const data = await io.post(limitsAdmin.playerLimits, { username: arg(positionals, 0, 'username') });
      io.table(
        data.deposit.map((d) => ({
          period: d.period,
          limit: d.amount === null ? 'none' : formatMoney(d.amount),
          used: formatMoney(d.used),
          pending: d.pending
            ? `${d.pending.amount === null ? 'none' : formatMoney(d.pending.amount)} from ${time(d.pending.from)}`
            : '',
        })),
        data.deposit.length,
      );
      io.print(
        data.exclusion
          ? `self-excluded from ${time(data.exclusion.from)} until ${time(data.exclusion.until)} (cannot be lifted early)`
          : 'not self-excluded',
      );
      io.print(`reality reminder: ${data.reminderMinutes === null ? 'off' : `every ${data.reminderMinutes} minutes`}`);
    },
  }),
  defineCommand({
    name: 'sms-outbox',
    usage: '[mobile]',
    summary:
      'the SMS outbox (development channel): messages with their codes, newest first; mobile: digits the number contains',
    async run({ positionals }, io) {
      const time = await siteTime(io);
      const mobile = positionals[0];
      if (mobile !== undefined && !/^\d{1,11}$/.test(mobile)) throw new UsageError(`not mobile digits: ${mobile}`);
      const data = await io.post(securityAdmin.smsOutbox, { page: 1, pageSize: 50, ...(mobile ? { mobile } : {}) });
      io.table(
        data.list.map((m) => ({ at: time(m.createdAt), mobile: m.mobile, text: m.text })),
        data.total,
      );
    },
  }),
];

function playerStatus(name: string, status: 'disabled' | 'active', summary: string): Command {
  return defineCommand({
    name,
    usage: '<username> <reason…>',
    summary,
    async run({ positionals }, io) {
      const username = arg(positionals, 0, 'username');
      const reason = words(positionals, 1);
      if (!reason) throw new UsageError(`${name} needs a reason`);
      const data = await io.post(playersAdmin.playerSetStatus, { username, status, reason });
      io.print(`${data.username}: ${data.status}${data.sessionsEnded ? `, ${data.sessionsEnded} sessions ended` : ''}`);
    },
  });
}
