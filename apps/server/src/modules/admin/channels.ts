import type { admin } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import { transaction } from '../../platform/db.js';
import { allChannels, setChannelEnabled, type ChannelRecord } from '../payments/channels.js';
import { writeAudit } from './audit.js';

const view = (c: ChannelRecord, ctx: AppContext): admin.AdminChannel => ({
  id: c.id,
  name: c.name,
  type: c.type,
  adapter: c.adapter,
  enabled: c.enabled,
  available: c.adapter !== 'sandbox' || ctx.sandboxPay,
  minAmount: c.minAmount,
  maxAmount: c.maxAmount,
});

export async function listChannels(ctx: AppContext) {
  return { list: (await allChannels(ctx.db)).map((c) => view(c, ctx)) };
}

/** Switches a channel on or off with its audit row, in one transaction. */
export async function switchChannel(ctx: AppContext, operator: string, input: { id: number; enabled: boolean }) {
  return transaction(ctx.db, async (tx) => {
    const before = await setChannelEnabled(tx, input.id, input.enabled);
    await writeAudit(tx, {
      operator,
      action: input.enabled ? 'channel.enable' : 'channel.disable',
      target: String(input.id),
      payload: { name: before.name, was: before.enabled },
      at: ctx.now(),
    });
    return view({ ...before, enabled: input.enabled }, ctx);
  });
}
