import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '@breakshot/contracts';
import { queryRows } from '../../src/platform/db.js';
import type { TestAgent } from '../helpers/agent-money.js';
import {
  login,
  members,
  newLink,
  newTopAgent,
  NO_RATES,
  openAccountCall,
  openedAccount,
  TOP_RATES,
} from '../helpers/agent-team.js';
import { depositOrder, openBet, payOrder } from '../helpers/promotions.js';
import { HOUR } from '../helpers/rewards.js';
import { getWssToken, listenLocal, openLive } from '../helpers/live-client.js';
import { call, registerUser, startTestApp, type TestApp } from '../helpers/test-app.js';
import { TEST_SERVER_URL } from '../helpers/test-db.js';
import { ADMIN_TEST_TOKEN, fund } from '../helpers/withdrawals.js';

/*
 * The team list (user, ssuser): scope, keyword, registration time, online, deposited, the four
 * sorts both ways with ties in id order, paging, and the figures of each row.
 */
describe(`the members list (${TEST_SERVER_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  let a: TestAgent;
  /** alice: deposited; bobby: an agent with a settled bet; carol: opened, never logged in; dave: below alice. */
  let alice: TestAgent, bobby: TestAgent, carol: TestAgent, dave: TestAgent;
  let registeredAt: Date[];
  const ids = (list: { id: number }[]) => list.map((m) => m.id);

  async function named(username: string, inviteCode: string): Promise<TestAgent> {
    const token = await registerUser(t.app, username, { inviteCode });
    const info = await call(t.app, auth.userInfo, {}, { token });
    return { token, userId: info.data.id, username, inviteCode: info.data.inviteCode };
  }

  beforeAll(async () => {
    t = await startTestApp({ adminToken: ADMIN_TEST_TOKEN, scheduler: false });
    a = await newTopAgent(t);
    // An hour between registrations, so each has its own time.
    const stamp = () => {
      t.clock.advance(HOUR);
      return t.clock.now();
    };
    registeredAt = [stamp()];
    alice = await named('Alicexyz', a.inviteCode);
    registeredAt.push(stamp());
    bobby = await named('bobbyqrs', (await newLink(t, a, { kind: 'agent', rates: TOP_RATES })).code);
    registeredAt.push(stamp());
    carol = await openedAccount(t, a, { username: 'carolabc' });
    registeredAt.push(stamp());
    dave = await named('davewxyz', alice.inviteCode);
    await payOrder(t, await depositOrder(t, alice, 10_000), 10_000);
    await fund(t, bobby.username, 5_000);
    await (await openBet(t, bobby, 3_000)).settle();
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('lists my direct members newest first, with their figures', async () => {
    const page = await members(t, a);
    expect(page.total).toBe(3);
    expect(ids(page.list)).toEqual([carol.userId, bobby.userId, alice.userId]);
    const aliceRow = page.list.find((m) => m.id === alice.userId)!;
    const aliceInfo = await call(t.app, auth.userInfo, {}, { token: alice.token });
    expect(aliceRow).toMatchObject({
      username: 'Alicexyz',
      kind: 'member',
      vipLevel: aliceInfo.data.vipLevel,
      depth: 1,
      createdAt: registeredAt[0]!.toISOString(),
      balance: aliceInfo.data.balance,
      teamSize: 1,
      deposits: 10_000,
      validBet: 0,
    });
    expect(aliceRow.balance).toBeGreaterThan(0);
    expect(page.list.find((m) => m.id === bobby.userId)).toMatchObject({ kind: 'agent', validBet: 3_000, teamSize: 0 });
    // carol's first login was the helper's, right after opening.
    expect(page.list.find((m) => m.id === carol.userId)!.lastLoginAt).toBe(registeredAt[2]!.toISOString());
  });

  it('lists the whole team with depths when asked', async () => {
    const page = await members(t, a, { scope: 'team' });
    expect(page.total).toBe(4);
    expect(page.list.map((m) => [m.id, m.depth])).toEqual([
      [dave.userId, 2],
      [carol.userId, 1],
      [bobby.userId, 1],
      [alice.userId, 1],
    ]);
    expect((await members(t, alice, { scope: 'team' })).list.map((m) => [m.id, m.depth])).toEqual([[dave.userId, 1]]);
  });

  it('finds members by part of the name (any case) or exact id, only in my team and scope', async () => {
    expect(ids((await members(t, a, { keyword: 'aLIce' })).list)).toEqual([alice.userId]);
    expect(ids((await members(t, a, { keyword: 'WXY' })).list)).toEqual([]);
    expect(ids((await members(t, a, { keyword: 'WXY', scope: 'team' })).list)).toEqual([dave.userId]);
    expect(ids((await members(t, a, { keyword: String(bobby.userId) })).list)).toEqual([bobby.userId]);
    expect(ids((await members(t, a, { keyword: String(a.userId), scope: 'team' })).list)).toEqual([]);
    expect(ids((await members(t, alice, { keyword: 'bobby', scope: 'team' })).list)).toEqual([]);
    // LIKE's wildcards are plain characters.
    expect((await members(t, a, { keyword: '%', scope: 'team' })).total).toBe(0);
    expect((await members(t, a, { keyword: 'A_ice', scope: 'team' })).total).toBe(0);
  });

  it('filters by registration time, deposits and being online', async () => {
    const range = { from: registeredAt[1]!.toISOString(), to: registeredAt[3]!.toISOString() };
    expect(ids((await members(t, a, { ...range, scope: 'team' })).list)).toEqual([carol.userId, bobby.userId]);
    expect(ids((await members(t, a, { deposited: true, scope: 'team' })).list)).toEqual([alice.userId]);
    expect(ids((await members(t, a, { deposited: false, scope: 'team' })).list)).toEqual([
      dave.userId,
      carol.userId,
      bobby.userId,
    ]);

    t.clock.advance(20 * 60_000);
    expect((await members(t, a, { online: true, scope: 'team' })).total).toBe(0);
    await call(t.app, auth.userInfo, {}, { token: bobby.token });
    const online = await members(t, a, { online: true, scope: 'team' });
    expect(ids(online.list)).toEqual([bobby.userId]);
    expect(online.list[0]!.online).toBe(true);
    const offline = await members(t, a, { online: false, scope: 'team' });
    expect(ids(offline.list)).toEqual([dave.userId, carol.userId, alice.userId]);
    expect(offline.list.every((m) => !m.online)).toBe(true);
    // A logged-out session is not online.
    await call(t.app, auth.userLogout, {}, { token: bobby.token });
    expect((await members(t, a, { online: true, scope: 'team' })).total).toBe(0);
    bobby.token = await login(t, bobby.username);
    t.clock.advance(16 * 60_000);
    expect((await members(t, a, { online: true, scope: 'team' })).total).toBe(0);
  });

  it('counts a member with the app open (a live connection that keeps talking) as online', async () => {
    const live = await openLive(await listenLocal(t.app), await getWssToken(t.app, dave.token));
    t.clock.advance(20 * 60_000);
    expect((await members(t, a, { online: true, scope: 'team' })).total).toBe(0);
    // The app's ping, with no API call in between, marks the session seen.
    live.socket.send(JSON.stringify({ type: 'ping', ts: Date.now() }));
    await expect
      .poll(async () => ids((await members(t, a, { online: true, scope: 'team' })).list), { timeout: 5_000 })
      .toEqual([dave.userId]);
    live.socket.close();
  });

  it('sorts by each key both ways, ties in id order', async () => {
    const sorted = async (sort: string, order: string) =>
      ids((await members(t, a, { sort, order, scope: 'team' })).list);
    const [A, B, C, D] = [alice.userId, bobby.userId, carol.userId, dave.userId];
    expect(await sorted('registered', 'asc')).toEqual([A, B, C, D]);
    expect(await sorted('registered', 'desc')).toEqual([D, C, B, A]);
    expect(await sorted('deposits', 'desc')).toEqual([A, D, C, B]);
    expect(await sorted('deposits', 'asc')).toEqual([B, C, D, A]);
    expect(await sorted('validBet', 'desc')).toEqual([B, D, C, A]);
    expect(await sorted('validBet', 'asc')).toEqual([A, C, D, B]);
    // bobby logged in again last; the others at registration (carol: when the helper logged her in).
    expect(await sorted('lastLogin', 'desc')).toEqual([B, D, C, A]);
    expect(await sorted('lastLogin', 'asc')).toEqual([A, C, D, B]);
  });

  it('puts members who never logged in last (newest first) or first (oldest first)', async () => {
    const never = await openAccountCall(t, a, { username: 'neverabc', rates: NO_RATES });
    expect(never.code).toBe(200);
    const desc = await members(t, a, { sort: 'lastLogin', order: 'desc' });
    expect(desc.list.at(-1)).toMatchObject({ id: never.data.id, lastLoginAt: null, online: false });
    const asc = await members(t, a, { sort: 'lastLogin', order: 'asc' });
    expect(asc.list[0]!.id).toBe(never.data.id);
  });

  it('pages without gaps or overlaps', async () => {
    const all = await members(t, a, { scope: 'team', sort: 'deposits' });
    const pages = [];
    for (let page = 1; page <= 3; page += 1) {
      const res = await members(t, a, { scope: 'team', sort: 'deposits', page, pageSize: 2 });
      expect(res).toMatchObject({ total: all.total, page, pageSize: 2 });
      pages.push(...ids(res.list));
    }
    expect(pages).toEqual(ids(all.list));
    const beyond = await members(t, a, { scope: 'team', page: 9, pageSize: 2 });
    expect(beyond).toMatchObject({ list: [], total: all.total, page: 9 });
  });

  it('notes a session in use at most once a minute', async () => {
    const seen = async () =>
      (
        await queryRows<{ at: Date | string }>(
          t.db,
          sql`SELECT max(last_seen_at) AS at FROM sessions WHERE user_id = ${alice.userId} AND revoked_at IS NULL`,
        )
      )[0]!.at;
    await call(t.app, auth.userInfo, {}, { token: alice.token });
    const first = new Date(await seen()).getTime();
    expect(first).toBe(t.clock.now().getTime());
    t.clock.advance(59_000);
    await call(t.app, auth.userInfo, {}, { token: alice.token });
    expect(new Date(await seen()).getTime()).toBe(first);
    t.clock.advance(2_000);
    await call(t.app, auth.userInfo, {}, { token: alice.token });
    expect(new Date(await seen()).getTime()).toBe(t.clock.now().getTime());
  });
});
