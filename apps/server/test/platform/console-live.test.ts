import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { consoleLive, operatorsAdmin, taiqiuAdmin, type consoleLive as Live } from '@breakshot/contracts';
import { inTransaction } from '../../src/platform/db.js';
import { TICKET_TTL_MS } from '../../src/platform/live/tickets.js';
import { bookMoved } from '../../src/modules/taiqiu/trading/news.js';
import { listenLocal } from '../helpers/live-client.js';
import { newOperator, opCall } from '../helpers/operators.js';
import { fundedPlayer, newMatch, placeBet, startTaiqiuApp } from '../helpers/taiqiu.js';
import type { TestApp } from '../helpers/test-app.js';
import { adminCall, ADMIN_TEST_TOKEN } from '../helpers/withdrawals.js';

/*
 * The console's live channel (docs/design.md §6): a console session's one-use ticket opens
 * /ws/console; the queue counts arrive at once and whenever they change, to the roles that may
 * read them; a billiards book's moves reach the traders, gathered per match; a logout closes the
 * socket.
 */

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await startTaiqiuApp();
  base = await listenLocal(t.app);
});
afterAll(() => t.close());

interface ConsoleClient {
  socket: WebSocket;
  /** The next event (a pong as `'pong'`), failing after 10 s. */
  next(): Promise<Live.ConsoleEvent | 'pong'>;
  /** The next event of a type, skipping others. */
  nextOf<T extends Live.ConsoleEvent['type']>(type: T): Promise<Extract<Live.ConsoleEvent, { type: T }>>;
  closed: Promise<number>;
}

function openConsole(ticket: string): Promise<ConsoleClient> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base}${consoleLive.CONSOLE_SOCKET_PATH}?ticket=${encodeURIComponent(ticket)}`);
    const queue: string[] = [];
    const waiting: ((text: string) => void)[] = [];
    socket.on('message', (data) => {
      const text = data.toString();
      const waiter = waiting.shift();
      if (waiter) waiter(text);
      else queue.push(text);
    });
    const closed = new Promise<number>((done) => socket.on('close', (code) => done(code)));
    const nextText = () => {
      const queued = queue.shift();
      if (queued !== undefined) return Promise.resolve(queued);
      return new Promise<string>((done, fail) => {
        const timer = setTimeout(() => fail(new Error('no console event in 10 s')), 10_000);
        waiting.push((text) => {
          clearTimeout(timer);
          done(text);
        });
      });
    };
    const next = async () => {
      const text = await nextText();
      return text === 'pong' ? 'pong' : consoleLive.consoleEvent.parse(JSON.parse(text));
    };
    const nextOf = async <T extends Live.ConsoleEvent['type']>(type: T) => {
      for (;;) {
        const event = await next();
        if (event !== 'pong' && event.type === type) return event as Extract<Live.ConsoleEvent, { type: T }>;
      }
    };
    socket.on('open', () => resolve({ socket, next, nextOf, closed }));
    socket.on('error', reject);
    socket.on('unexpected-response', (_req, res) => reject(new Error(`refused: HTTP ${res.statusCode}`)));
  });
}

async function ticketOf(session: string): Promise<string> {
  const res = await opCall(t.app, operatorsAdmin.liveTicket, {}, { session });
  expect(res.code, res.msg).toBe(200);
  return res.data.ticket;
}

const ping = (c: ConsoleClient) => c.socket.send(JSON.stringify({ type: 'ping', ts: Date.now() }));

describe('the console socket', () => {
  it('opens with a console session’s ticket once; refuses a missing, unknown, used or expired one, and the CLI’s token has none', async () => {
    const op = await newOperator(t, 'live_admin', 'admin');
    const cli = await opCall(t.app, operatorsAdmin.liveTicket, {}, { token: ADMIN_TEST_TOKEN });
    expect(cli.msg).toMatch(/会话|session/i);
    expect(cli.code).not.toBe(200);

    await expect(openConsole('')).rejects.toThrow(/401/);
    await expect(openConsole('x'.repeat(43))).rejects.toThrow(/401/);
    const ticket = await ticketOf(op.session);
    const first = await openConsole(ticket);
    await expect(openConsole(ticket)).rejects.toThrow(/401/);
    ping(first);
    expect(await first.nextOf('QUEUES_UPDATED')).toMatchObject({ counts: { tradingAlerts: expect.any(Number) } });
    first.socket.close(1000);

    const late = await ticketOf(op.session);
    t.clock.advance(TICKET_TTL_MS + 1);
    await expect(openConsole(late)).rejects.toThrow(/401/);
  });

  it('a logout closes the session’s socket with 4000, and its unused tickets open nothing', async () => {
    const op = await newOperator(t, 'live_leaver', 'finance');
    const c = await openConsole(await ticketOf(op.session));
    const spare = await ticketOf(op.session);
    await opCall(t.app, operatorsAdmin.logout, {}, { session: op.session });
    expect(await c.closed).toBe(4000);
    await expect(openConsole(spare)).rejects.toThrow(/401/);
  });
});

describe('what the console hears', () => {
  it('the queue counts at once and when they change, to roles that may read them; content operators hear neither counts nor trading', async () => {
    const finance = await newOperator(t, 'live_finance', 'finance');
    const content = await newOperator(t, 'live_content', 'content');
    const f = await openConsole(await ticketOf(finance.session));
    const c = await openConsole(await ticketOf(content.session));
    const first = await f.nextOf('QUEUES_UPDATED');

    // A big bet raises an alert: a queue count moves, and is pushed without anyone asking.
    await adminCall(t.app, taiqiuAdmin.tradingRulesSet, { liabilityLimits: [], bigBet: 5_000, reason: '风控' });
    const match = await newMatch(t);
    const player = await fundedPlayer(t, 100_000);
    expect((await placeBet(t, player, match, 'winner', 'a', 6_000)).code).toBe(200);
    const moved = await f.nextOf('QUEUES_UPDATED');
    expect(moved.counts.tradingAlerts).toBe(first.counts.tradingAlerts + 1);

    // The content operator heard nothing before its pong.
    ping(c);
    expect(await c.next()).toBe('pong');
    await adminCall(t.app, taiqiuAdmin.tradingRulesSet, { liabilityLimits: [], bigBet: null, reason: '风控' });
    for (const s of [f, c]) s.socket.close(1000);
  });

  it('a bet moves its match’s book for traders, not for finance', async () => {
    const risk = await newOperator(t, 'live_risk', 'risk');
    const finance = await newOperator(t, 'live_cashier', 'finance');
    const r = await openConsole(await ticketOf(risk.session));
    const f = await openConsole(await ticketOf(finance.session));
    const match = await newMatch(t);
    const player = await fundedPlayer(t, 100_000);
    expect((await placeBet(t, player, match, 'winner', 'b', 1_000)).code).toBe(200);
    expect(await r.nextOf('TRADING_CHANGED')).toEqual({ type: 'TRADING_CHANGED', matchId: match.id });

    ping(f);
    for (;;) {
      const event = await f.next();
      if (event === 'pong') break;
      expect(event.type).toBe('QUEUES_UPDATED');
    }
    for (const s of [r, f]) s.socket.close(1000);
  });

  it('a match’s news is gathered: once per transaction, and once per instance however many arrive together', async () => {
    const risk = await newOperator(t, 'live_gatherer', 'risk');
    const r = await openConsole(await ticketOf(risk.session));
    await r.nextOf('QUEUES_UPDATED');
    await inTransaction(t.app.ctx.db, async (tx) => {
      for (let i = 0; i < 3; i += 1) await bookMoved(t.app.ctx, tx, [901, 902, 901]);
    });
    // Earlier tests' matches may still be heard (their news is gathered too): only these count.
    const ours = new Set([901, 902, 903]);
    const nextOfOurs = async () => {
      for (;;) {
        const event = await r.nextOf('TRADING_CHANGED');
        if (ours.has(event.matchId)) return event;
      }
    };
    const heard = [await nextOfOurs(), await nextOfOurs()];
    expect(heard.map((e) => e.matchId).sort()).toEqual([901, 902]);

    // Arrivals from the database within TRADING_NEWS_MS leave as one.
    for (let i = 0; i < 5; i += 1) {
      t.app.ctx.live.console.receive({
        kind: 'operators',
        event: { type: 'TRADING_CHANGED', matchId: 903 },
        roles: taiqiuAdmin.liability.roles,
        key: 'trading:903',
      });
    }
    expect(await nextOfOurs()).toEqual({ type: 'TRADING_CHANGED', matchId: 903 });
    await new Promise((done) => setTimeout(done, consoleLive.TRADING_NEWS_MS * 2));
    ping(r);
    const ourNews = (event: Live.ConsoleEvent) => event.type === 'TRADING_CHANGED' && ours.has(event.matchId);
    let next = await r.next();
    while (next !== 'pong' && !ourNews(next)) next = await r.next();
    expect(next).toBe('pong');
    r.socket.close(1000);
  });
});
