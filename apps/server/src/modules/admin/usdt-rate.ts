import type { AppContext } from '../../platform/context.js';
import { transaction } from '../../platform/db.js';
import { getUsdtRate, RATE_SCALE, setUsdtRate } from '../payments/usdt-rate.js';
import { writeAudit } from './audit.js';

/** Sets the USDT rate new deposits use, with its audit row; orders made before keep theirs. */
export async function changeUsdtRate(ctx: AppContext, operator: string, input: { rate: number }) {
  const rateBp = Math.round(input.rate * RATE_SCALE);
  return transaction(ctx.db, async (tx) => {
    const before = await getUsdtRate(tx);
    await setUsdtRate(tx, rateBp, ctx.now());
    const previous = before === null ? null : before / RATE_SCALE;
    await writeAudit(tx, {
      operator,
      action: 'payments.usdt-rate',
      target: 'usdt',
      payload: { rate: input.rate, previous },
      at: ctx.now(),
    });
    return { rate: rateBp / RATE_SCALE, previous };
  });
}
