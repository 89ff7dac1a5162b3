import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveEvent, type LiveEvent } from '@breakshot/contracts';
import { getWssToken, listenLocal, openLive, waitForSockets, type LiveClient } from '../helpers/live-client.js';
import { settledBet } from '../helpers/rewards.js';
import { startTaiqiuApp } from '../helpers/taiqiu.js';
import type { TestApp } from '../helpers/test-app.js';
import { fund, newTestPlayer } from '../helpers/withdrawals.js';

/** The player's next live event of a type (others, such as MATCH_UPDATED, are passed over). */
async function nextOf(live: LiveClient, type: LiveEvent['type']): Promise<LiveEvent> {
  for (;;) {
    const text = await live.next();
    if (text === 'pong') continue;
    const event = liveEvent.parse(JSON.parse(text));
    if (event.type === type) return event;
  }
}

describe('BET_SETTLED', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTaiqiuApp();
    base = await listenLocal(t.app);
  });
  afterAll(() => t.close());

  it('tells the player a lost bet settled, though no money moved', async () => {
    const p = await newTestPlayer(t);
    await fund(t, p.username, 10_000);
    const live = await openLive(base, await getWssToken(t.app, p.token));
    await waitForSockets(t.app, p.userId, 1);
    const bet = await settledBet(t, p, 5_000, 'b');
    expect(await nextOf(live, 'BET_SETTLED')).toEqual({ type: 'BET_SETTLED', betNo: bet.betNo, gameType: 'taiqiu' });
    live.socket.close();
  });
});
