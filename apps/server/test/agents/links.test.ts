import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agent, auth } from '@breakshot/contracts';
import { newPlayerUnder } from '../helpers/agent-money.js';
import { as, login, makeAgent, members, newLink, newTopAgent, NO_RATES, TOP_RATES } from '../helpers/agent-team.js';
import { depositOrder, openBet, payOrder, toNextSiteMonth } from '../helpers/promotions.js';
import { DAY, HOUR } from '../helpers/rewards.js';
import {
  call,
  captchaId,
  PASSWORD,
  startTestApp,
  TEST_CAPTCHA,
  uniqueName,
  type TestApp,
} from '../helpers/test-app.js';
import { TEST_SERVER_URL } from '../helpers/test-db.js';
import { moveWithRow, useTestOps } from '../helpers/wallet.js';
import { ADMIN_TEST_TOKEN, fund } from '../helpers/withdrawals.js';

/*
 * Invite links (addlianjie, lianjieDetails, /:inviteCode, /user/share): their codes, click
 * counting once per visitor and day, registrations through them on their terms, and this
 * month's figures of the players I invited.
 */
describe(`invite links (${TEST_SERVER_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ adminToken: ADMIN_TEST_TOKEN, scheduler: false });
  });
  afterAll(async () => {
    await t.close();
  });

  const click = async (code: string, visitor: string) =>
    (await call(t.app, agent.inviteClick, { code, visitor })).data.counted;
  const linkOf = async (owner: { token: string }, id: number) =>
    (await as(t, owner, agent.agentLinks)).data.list.find((l) => l.id === id)!;
  const registerThrough = async (inviteCode: string) =>
    call(
      t.app,
      auth.register,
      {
        username: uniqueName('ln'),
        password: PASSWORD,
        captchaId: await captchaId(t.app),
        captchaCode: TEST_CAPTCHA,
        inviteCode,
      },
      { lang: 'en' },
    );

  it('makes links with unguessable 8-character codes, on terms I give, valid for the days asked', async () => {
    const a = await newTopAgent(t);
    const made = await Promise.all(
      Array.from({ length: 10 }, () => newLink(t, a, { kind: 'agent', rates: TOP_RATES })),
    );
    for (const link of made) expect(link.code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect(new Set(made.map((l) => l.code)).size).toBe(10);

    const week = await newLink(t, a, { remark: '朋友圈', validDays: 7 });
    expect(week).toMatchObject({
      kind: 'member',
      rates: NO_RATES,
      dividendRatioBp: 0,
      remark: '朋友圈',
      enabled: true,
      clicks: 0,
      registrations: 0,
      firstDeposits: 0,
      expiresAt: new Date(t.clock.now().getTime() + 7 * DAY).toISOString(),
    });
    const list = await as(t, a, agent.agentLinks);
    expect(list.data.list.map((l) => l.id)).toEqual([week, ...made].map((l) => l.id).sort((x, y) => y - x));
    expect(list.data).toMatchObject({ inviteCode: a.inviteCode, shareLinkId: null });

    const ratio = await as(
      t,
      a,
      agent.agentLinkAdd,
      { kind: 'member', rates: NO_RATES, dividendRatioBp: 100, validDays: null },
      'en',
    );
    expect(ratio).toMatchObject({ code: 422, msg: 'Members hold no dividend ratio; set it to 0' });
  });

  it('counts a visitor once a day per link, again the next day, and every other visitor', async () => {
    const a = await newTopAgent(t);
    const link = await newLink(t, a);
    const [v1, v2, v3] = [randomUUID(), randomUUID(), randomUUID()];
    expect(await click(link.code, v1)).toBe(true);
    expect(await click(link.code, v1)).toBe(false);
    expect(await click(link.code.toLowerCase(), v1)).toBe(false);
    expect(await click(link.code, v2)).toBe(true);
    expect((await linkOf(a, link.id)).clicks).toBe(2);

    // Reloads at once count once.
    const burst = await Promise.all(Array.from({ length: 6 }, () => click(link.code, v3)));
    expect(burst.filter(Boolean)).toHaveLength(1);
    expect((await linkOf(a, link.id)).clicks).toBe(3);

    t.clock.advance(DAY);
    expect(await click(link.code, v1)).toBe(true);
    expect((await linkOf(a, link.id)).clicks).toBe(4);
    // The same visitor on another link counts there.
    const other = await newLink(t, a);
    expect(await click(other.code, v1)).toBe(true);
  });

  it('counts nothing for an unknown, disabled or expired code', async () => {
    const a = await newTopAgent(t);
    const visitor = randomUUID();
    expect(await click('ZZZZZZZZ', visitor)).toBe(false);
    expect(await click(a.inviteCode, visitor)).toBe(false);

    const disabled = await newLink(t, a);
    await as(t, a, agent.agentLinkSetStatus, { id: disabled.id, enabled: false });
    expect(await click(disabled.code, visitor)).toBe(false);
    expect((await linkOf(a, disabled.id)).clicks).toBe(0);

    const expiring = await newLink(t, a, { validDays: 1 });
    t.clock.advance(DAY + HOUR);
    expect(await click(expiring.code, visitor)).toBe(false);
    expect((await linkOf(a, expiring.id)).clicks).toBe(0);
  });

  it('places players registering through a link on its terms, and counts them and their first deposits', async () => {
    const a = await newTopAgent(t);
    const rates = { taiqiu: 120, slots: 80, poker: 50 };
    const link = await newLink(t, a, { kind: 'agent', rates, dividendRatioBp: 2500 });
    const p = await newPlayerUnder(t, link.code.toLowerCase());
    await newPlayerUnder(t, link.code);
    const plain = await newPlayerUnder(t, a.inviteCode);

    const details = await as(t, a, agent.agentMemberDetails, { id: p.userId });
    expect(details.data).toMatchObject({ kind: 'agent', rates, dividendRatioBp: 2500, depth: 1 });
    const plainDetails = await as(t, a, agent.agentMemberDetails, { id: plain.userId });
    expect(plainDetails.data).toMatchObject({ kind: 'member', rates: NO_RATES, dividendRatioBp: 0 });
    expect(await linkOf(a, link.id)).toMatchObject({ registrations: 2, firstDeposits: 0 });

    await payOrder(t, await depositOrder(t, p, 10_000), 10_000);
    await payOrder(t, await depositOrder(t, p, 5_000), 5_000);
    await payOrder(t, await depositOrder(t, plain, 5_000), 5_000);
    expect(await linkOf(a, link.id)).toMatchObject({ registrations: 2, firstDeposits: 1 });
    const listed = await members(t, a, { deposited: true });
    expect(listed.list.map((m) => [m.id, m.deposits])).toEqual([
      [plain.userId, 5_000],
      [p.userId, 15_000],
    ]);
  });

  it('refuses registration through a disabled or expired link, and takes it again once enabled', async () => {
    const a = await newTopAgent(t);
    const link = await newLink(t, a);
    await as(t, a, agent.agentLinkSetStatus, { id: link.id, enabled: false });
    const refused = await registerThrough(link.code);
    expect(refused).toMatchObject({
      code: 400,
      msg: 'This invite link is disabled or has expired',
      data: { field: 'inviteCode' },
    });
    await as(t, a, agent.agentLinkSetStatus, { id: link.id, enabled: true });
    expect((await registerThrough(link.code)).code).toBe(200);

    const expiring = await newLink(t, a, { validDays: 2 });
    t.clock.advance(2 * DAY);
    expect((await registerThrough(expiring.code)).code).toBe(400);
    expect(await linkOf(a, link.id)).toMatchObject({ registrations: 1 });
    expect(await linkOf(a, expiring.id)).toMatchObject({ registrations: 0 });
    expect((await members(t, a)).total).toBe(1);
  });

  it("keeps a link's terms within its owner's as they are at registration", async () => {
    const a = await newTopAgent(t);
    const link = await newLink(t, a, { kind: 'agent', rates: TOP_RATES, dividendRatioBp: 3000 });
    await makeAgent(t, a.userId, { taiqiu: 100, slots: 150, poker: 20 }, 1000);
    const p = await newPlayerUnder(t, link.code);
    expect((await as(t, a, agent.agentMemberDetails, { id: p.userId })).data).toMatchObject({
      kind: 'agent',
      rates: { taiqiu: 100, slots: 150, poker: 20 },
      dividendRatioBp: 1000,
    });
  });

  it('sets the link /user/share shows: one of mine or my own code', async () => {
    const a = await newTopAgent(t);
    const link = await newLink(t, a);
    expect((await as(t, a, agent.agentShareLinkSet, { linkId: link.id })).data).toEqual({ shareLinkId: link.id });
    expect((await as(t, a, agent.agentLinks)).data.shareLinkId).toBe(link.id);
    expect((await as(t, a, agent.agentShareLinkSet, { linkId: null })).data).toEqual({ shareLinkId: null });
    expect((await as(t, a, agent.agentLinks)).data.shareLinkId).toBeNull();
  });

  it("shows this month's invited players, their first deposits and valid bets, and my commission", async () => {
    await useTestOps(t.db, ['commission']);
    const a = await newTopAgent(t);
    const last = await newPlayerUnder(t, a.inviteCode);
    const link = await newLink(t, a);
    toNextSiteMonth(t);
    // Up to a month passed: sessions of then have ended.
    a.token = await login(t, a.username);
    last.token = await login(t, last.username);
    const p1 = await newPlayerUnder(t, a.inviteCode);
    const p2 = await newPlayerUnder(t, link.code);
    const below = await newPlayerUnder(t, p1.inviteCode);

    const empty = await as(t, a, agent.inviteThisMonth);
    expect(empty.data).toEqual({ invited: 2, firstDeposits: 0, validBet: 0, commission: 0 });

    await payOrder(t, await depositOrder(t, p1, 10_000), 10_000);
    // Last month's member and a deeper one deposit and bet too: not counted.
    await payOrder(t, await depositOrder(t, last, 10_000), 10_000);
    await payOrder(t, await depositOrder(t, below, 10_000), 10_000);
    await fund(t, p2.username, 5_000);
    for (const p of [p2, last, below]) await (await openBet(t, p, 2_000)).settle();
    await moveWithRow(
      t,
      `commission-${a.userId}`,
      'commission',
      { house: 'commission_expense' },
      { userId: a.userId },
      750,
    );

    const month = await as(t, a, agent.inviteThisMonth);
    expect(month.data).toEqual({ invited: 2, firstDeposits: 1, validBet: 2_000, commission: 750 });
  });
});
