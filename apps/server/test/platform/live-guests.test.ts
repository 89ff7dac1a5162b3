import { EventEmitter } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { contentAdmin, messagesAdmin, taiqiuAdmin } from '@breakshot/contracts';
import { MAX_BUFFERED_BYTES, MAX_GUESTS_PER_IP } from '../../src/platform/live/hub.js';
import {
  getWssToken,
  listenLocal,
  openGuest,
  openLive,
  waitForSockets,
  type LiveClient,
} from '../helpers/live-client.js';
import { fundedPlayer, newMatch, startTaiqiuApp } from '../helpers/taiqiu.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { adminCall, fund } from '../helpers/withdrawals.js';

/** Pings and returns the event types that arrived before the pong. */
async function eventsUntilPong(live: LiveClient): Promise<string[]> {
  live.socket.send(JSON.stringify({ type: 'ping', ts: Date.now() }));
  const types: string[] = [];
  for (let text = await live.next(); text !== 'pong'; text = await live.next()) {
    types.push((JSON.parse(text) as { type: string }).type);
  }
  return types;
}

/** The next events up to and including the first of this type. */
async function eventsUntil(live: LiveClient, type: string): Promise<Record<string, unknown>[]> {
  const events: Record<string, unknown>[] = [];
  for (;;) {
    const event = JSON.parse(await live.next()) as Record<string, unknown>;
    events.push(event);
    if (event.type === type) return events;
  }
}

/** A socket whose peer has left more than MAX_BUFFERED_BYTES unread. */
class StalledSocket extends EventEmitter {
  readonly bufferedAmount = MAX_BUFFERED_BYTES + 1;
  readonly sent: string[] = [];
  send(text: string) {
    this.sent.push(text);
  }
  terminate() {
    this.emit('close');
  }
}

async function waitForGuests(t: TestApp, n: number): Promise<void> {
  await expect.poll(() => t.app.ctx.live.guestCount(), { timeout: 10_000 }).toBe(n);
}

describe('the public live channel (guests, no token)', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTaiqiuApp();
    base = await listenLocal(t.app);
  });
  afterAll(() => t.close());

  it('a guest connects without a token and gets pong for each ping', async () => {
    const guest = await openGuest(base);
    expect(await eventsUntilPong(guest)).toEqual([]);
    expect(await eventsUntilPong(guest)).toEqual([]);
    guest.socket.close(1000);
    await waitForGuests(t, 0);
  });

  it('a guest hears match updates and notices, never a player’s balance or a message to every player', async () => {
    const match = await newMatch(t, { bestOf: 5 });
    const player = await fundedPlayer(t, 0);
    const guest = await openGuest(base);
    const mine = await openLive(base, await getWssToken(t.app, player.token));
    await waitForSockets(t.app, player.userId, 1);

    await fund(t, player.username, 10_000);
    await adminCall(t.app, messagesAdmin.messageSend, { audience: 'all', title: '致全体玩家', body: '周末活动' });
    await adminCall(t.app, taiqiuAdmin.scoreSet, { matchId: match.id, a: 1, b: 0 });
    const notice = await adminCall(t.app, contentAdmin.noticePublish, {
      title: '维护通知',
      summary: '今晚维护',
      body: '<p>今晚 2 点维护</p>',
    });

    // The player got everything: the private events were sent before the public ones.
    const theirs = await eventsUntil(mine, 'NOTICE_PUBLISHED');
    expect(theirs).toContainEqual({ type: 'BALANCE_UPDATED', balance: 10_000 });
    expect(theirs).toContainEqual({ type: 'MESSAGE_RECEIVED' });
    expect(theirs).toContainEqual(expect.objectContaining({ type: 'MATCH_UPDATED', matchId: match.id }));

    const seen = await eventsUntil(guest, 'NOTICE_PUBLISHED');
    expect(seen.map((e) => e.type)).toEqual(['MATCH_UPDATED', 'NOTICE_PUBLISHED']);
    expect(seen[0]).toMatchObject({ matchId: match.id, status: 'live', score: { a: 1, b: 0 } });
    expect(seen[1]).toEqual({ type: 'NOTICE_PUBLISHED', id: notice.data.id, title: '维护通知' });
    expect(await eventsUntilPong(guest)).toEqual([]);
    for (const c of [guest, mine]) c.socket.close(1000);
    await waitForGuests(t, 0);
  });

  it('a broadcast’s rider: each player hears its news right after the broadcast, later broadcasts after it; guests never wait', async () => {
    const one = await fundedPlayer(t, 0);
    const two = await fundedPlayer(t, 0);
    const guest = await openGuest(base);
    const [first, second] = [
      await openLive(base, await getWssToken(t.app, one.token)),
      await openLive(base, await getWssToken(t.app, two.token)),
    ];
    await waitForSockets(t.app, one.userId, 1);
    await waitForSockets(t.app, two.userId, 1);
    let release = () => {};
    const released = new Promise<void>((r) => (release = r));
    const asked: number[][] = [];
    t.app.ctx.live.onRider('test-rider', async (data, players) => {
      asked.push(players);
      await released;
      return new Map([[one.userId, { type: 'BALANCE_UPDATED' as const, balance: (data as { n: number }).n }]]);
    });
    const notice = (id: number) => ({ type: 'NOTICE_PUBLISHED' as const, id, title: '维护通知' });

    await t.app.ctx.live.notifyAll(notice(1), undefined, { name: 'test-rider', data: { n: 7 } });
    await t.app.ctx.live.notifyAll(notice(2));
    // The guest hears both while the rider's work is still running.
    expect([JSON.parse(await guest.next()), JSON.parse(await guest.next())]).toEqual([notice(1), notice(2)]);
    release();
    const next = async (live: LiveClient, n: number) => {
      const events: unknown[] = [];
      for (let i = 0; i < n; i += 1) events.push(JSON.parse(await live.next()));
      return events;
    };
    expect(await next(first, 3)).toEqual([notice(1), { type: 'BALANCE_UPDATED', balance: 7 }, notice(2)]);
    expect(await next(second, 2)).toEqual([notice(1), notice(2)]);
    expect(asked).toEqual([expect.arrayContaining([one.userId, two.userId])]);
    expect(await eventsUntilPong(second)).toEqual([]);
    for (const c of [guest, first, second]) c.socket.close(1000);
    await waitForGuests(t, 0);
  });

  it('a guest that stops reading is dropped instead of buffering every later event on the server', async () => {
    const stalled = new StalledSocket();
    const reading = await openGuest(base);
    await waitForGuests(t, 1);
    t.app.ctx.live.addGuest(stalled as unknown as WebSocket, '198.51.100.9');
    expect(t.app.ctx.live.guestCount()).toBe(2);

    await t.app.ctx.live.notifyAll({ type: 'NOTICE_PUBLISHED', id: 1, title: '维护通知' });
    expect(JSON.parse(await reading.next())).toEqual({ type: 'NOTICE_PUBLISHED', id: 1, title: '维护通知' });
    expect(stalled.sent).toEqual([]);
    await waitForGuests(t, 1);
    reading.socket.close(1000);
    await waitForGuests(t, 0);
  });

  it('a bad or empty token is still refused with 401, not taken for a guest', async () => {
    await expect(openLive(base, 'x'.repeat(43))).rejects.toThrow(/401/);
    await expect(openLive(base, '')).rejects.toThrow(/401/);
    expect(t.app.ctx.live.guestCount()).toBe(0);
  });

  it(`guests of one IP may hold ${MAX_GUESTS_PER_IP} sockets: the next is refused with 429 until one closes`, async () => {
    const guests = await Promise.all(Array.from({ length: MAX_GUESTS_PER_IP }, () => openGuest(base)));
    await waitForGuests(t, MAX_GUESTS_PER_IP);
    await expect(openGuest(base)).rejects.toThrow(/429/);

    // A player of that IP still connects: the cap is for guests.
    const player = await fundedPlayer(t, 0);
    const mine = await openLive(base, await getWssToken(t.app, player.token));
    expect(await eventsUntilPong(mine)).toEqual([]);

    guests[0]!.socket.close(1000);
    await waitForGuests(t, MAX_GUESTS_PER_IP - 1);
    const another = await openGuest(base);
    expect(await eventsUntilPong(another)).toEqual([]);
    for (const c of [...guests, another, mine]) c.socket.close(1000);
    await waitForGuests(t, 0);
  });
});

describe('guest connections per IP and minute', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp({ rateLimits: { perIp: 3, perUsername: 100, perSession: 100, windowMs: 60_000 } });
    base = await listenLocal(t.app);
  });
  afterAll(() => t.close());

  it('opening and closing again and again is limited like any public call: 429 when over', async () => {
    for (let i = 0; i < 3; i += 1) {
      const guest = await openGuest(base);
      guest.socket.close(1000);
    }
    await expect(openGuest(base)).rejects.toThrow(/429/);
  });
});
