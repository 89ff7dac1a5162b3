import type { admin } from '@breakshot/contracts';
import { audited } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { allChannels, setChannelEnabled, type ChannelRecord } from './channels.js';
import { getUsdtRate, RATE_SCALE, setUsdtRate } from './usdt-rate.js';

/*
 * The operator's controls of recharge: channels on and off, the USDT rate. Each change is
 * audited in its transaction.
 */

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

export async function listChannelsForOperator(ctx: AppContext) {
  return { list: (await allChannels(ctx.db)).map((c) => view(c, ctx)) };
}

/** Switches a channel on or off. */
export async function switchChannel(ctx: AppContext, operator: string, input: { id: number; enabled: boolean }) {
  const before = await audited(
    ctx,
    operator,
    (tx) => setChannelEnabled(tx, input.id, input.enabled),
    ({ name, enabled }) => ({
      action: input.enabled ? 'channel.enable' : 'channel.disable',
      target: String(input.id),
      payload: { name, was: enabled },
      before: { enabled },
      after: { enabled: input.enabled },
    }),
  );
  return view({ ...before, enabled: input.enabled }, ctx);
}

/** Sets the USDT rate new deposits use; orders made before keep theirs. */
export async function changeUsdtRate(ctx: AppContext, operator: string, input: { rate: number }) {
  const rateBp = Math.round(input.rate * RATE_SCALE);
  return audited(
    ctx,
    operator,
    async (tx) => {
      // Locked: two operators changing the rate at once each see the rate the other left.
      const before = await getUsdtRate(tx, true);
      await setUsdtRate(tx, rateBp, ctx.now());
      return { rate: rateBp / RATE_SCALE, previous: before === null ? null : before / RATE_SCALE };
    },
    ({ rate, previous }) => ({
      action: 'payments.usdt-rate',
      target: 'usdt',
      payload: { rate: input.rate, previous },
      // No rate before: the change made the first.
      before: previous === null ? null : { rate: previous },
      after: { rate },
    }),
  );
}
