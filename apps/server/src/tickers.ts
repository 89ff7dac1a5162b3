import type { FastifyInstance } from 'fastify';
import { DemoFeed } from './modules/demo-feed/player.js';
import { decidePendingBets } from './modules/taiqiu/acceptance.js';
import { resumeSettlements } from './modules/taiqiu/settlement.js';
import { startDelivery } from './modules/push/service.js';
import type { AppContext } from './platform/context.js';
import { inConsoleLane } from './platform/console-lane.js';
import { ownAddress } from './platform/own-address.js';
import { Ticker } from './platform/ticker.js';

/** How often ended matches' open bets are looked for (a settlement a crash cut short). */
const RESUME_SETTLEMENTS_MS = 5_000;
/** How often pending in-play bets due are decided: a bet waits its delay and at most this more. */
const DECIDE_PENDING_MS = 50;
/** How often queued pushes due are sent (a commit that queues some sends them at once): retries come due. */
const PUSH_DELIVERY_MS = 5_000;

/**
 * Work on timers outside the scheduler's transactions (platform/ticker.ts): the settlements a
 * crash left unfinished; pending in-play bets come due; the queued web pushes; in demo mode, the demo feed provider playing matches through the feed
 * API over HTTP.
 */
export function backgroundTickers(ctx: AppContext, app: FastifyInstance, demo: boolean): Ticker[] {
  const pushDelivery = startDelivery(ctx, app.log);
  const tickers = [
    new Ticker('settlement resume', RESUME_SETTLEMENTS_MS, () => resumeSettlements(ctx), app.log),
    // In the console's lane: a decision due must not queue for a connection behind the bets.
    new Ticker(
      'pending bets',
      DECIDE_PENDING_MS,
      () => inConsoleLane(async () => void (await decidePendingBets(ctx))),
      app.log,
    ),
    new Ticker('push delivery', PUSH_DELIVERY_MS, () => pushDelivery.run(), app.log),
  ];
  if (demo) {
    const feed = new DemoFeed(ctx, () => ownAddress(app));
    tickers.push(new Ticker('demo feed', feed.options.tickMs, () => feed.tick(), app.log));
  }
  return tickers;
}
