import { paymentsAdmin, formatMoney } from '@breakshot/contracts';
import { arg } from './args.js';
import { defineCommand, type Command } from './command.js';
import { UsageError } from './errors.js';
import { whole } from './format.js';

/** Recharge channels and the USDT rate. */
export const channelCommands = [
  defineCommand({
    name: 'channels',
    usage: '',
    summary: 'recharge channels, enabled or not',
    async run(_args, io) {
      const data = await io.post(paymentsAdmin.channelsList, {});
      io.table(
        data.list.map((c) => ({
          id: String(c.id),
          name: c.name,
          type: c.type,
          adapter: c.adapter,
          enabled: c.enabled ? 'yes' : 'no',
          ...(c.available ? {} : { note: 'adapter off on this server' }),
          limits: `${formatMoney(c.minAmount)}–${formatMoney(c.maxAmount)}`,
        })),
        data.list.length,
      );
    },
  }),
  channelSwitch('channel-enable', true, 'offer a channel to players again'),
  channelSwitch('channel-disable', false, 'stop offering a channel (open orders stay payable)'),
  defineCommand({
    name: 'usdt-rate',
    usage: '<rate>',
    summary: 'USDT exchange rate for new USDT deposits (e.g. 7.25)',
    async run({ positionals }, io) {
      const rate = Number(arg(positionals, 0, 'rate'));
      if (!Number.isFinite(rate)) throw new UsageError(`not a rate: ${positionals[0]}`);
      const data = await io.post(paymentsAdmin.usdtRateSet, { rate });
      io.print(`USDT rate ${data.rate}${data.previous === null ? '' : ` (was ${data.previous})`}`);
    },
  }),
];

function channelSwitch(name: string, enabled: boolean, summary: string): Command {
  return defineCommand({
    name,
    usage: '<id>',
    summary,
    async run({ positionals }, io) {
      const data = await io.post(paymentsAdmin.channelSetEnabled, { id: whole(arg(positionals, 0, 'id')), enabled });
      io.print(`channel ${data.id} ${data.name}: ${data.enabled ? 'enabled' : 'disabled'}`);
    },
  });
}
