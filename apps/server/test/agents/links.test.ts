import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agent, API_PREFIX, auth } from '@breakshot/contracts';
import { VISITORS_PER_ADDRESS } from '../../src/modules/agents/links.js';
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
import { ADMIN_TEST_TOKEN, fund } from '../helpers/withdrawals.js';

/*
 * Invite links (addlianjie, lianjieDetails, /:inviteCode, /user/share): their codes, click
 * counting (visitors the server's cookie names, each once a day, a few per address),
 * registrations through them on their terms, and this month's figures of the players I invited.
 */
describe(`invite links (${TEST_SERVER_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ adminToken: ADMIN_TEST_TOKEN, scheduler: false });
  });
  afterAll(async () => {
    await t.close();
  });

  let addresses = 0;
  /** A new client address (TEST-NET-3), one per browser unless a test shares one. */
  const newAddress = () => `203.0.113.${(addresses += 1)}`;
  /** A browser at an address: sends the click with the visitor cookie it was given, if any, and keeps the one set. */
  const browser = (ip = newAddress()) => {
    const b = {
      ip,
      cookie: undefined as string | undefined,
      async click(code: string, extra: { visitor?: string; cookie?: string } = {}) {
        const cookie = extra.cookie ?? b.cookie;
        const res = await t.app.inject({
          method: 'POST',
          url: API_PREFIX + agent.inviteClick.path,
          payload: { code, ...(extra.visitor ? { visitor: extra.visitor } : {}) },
          headers: cookie ? { cookie } : {},
          remoteAddress: ip,
        });
        expect(res.statusCode).toBe(200);
        const set = res.headers['set-cookie'];
        if (typeof set === 'string') b.cookie = set.split(';')[0];
        return (res.json() as { data: { counted: boolean } }).data.counted;
      },
    };
    return b;
  };
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
    const [link, other] = [await newLink(t, a), await newLink(t, a)];
    const [v1, v2, v3] = [browser(), browser(), browser()];
    expect(await v1.click(link.code)).toBe(true);
    expect(await v1.click(link.code)).toBe(false);
    expect(await v1.click(link.code.toLowerCase())).toBe(false);
    expect(await v2.click(link.code)).toBe(true);
    expect((await linkOf(a, link.id)).clicks).toBe(2);

    // Reloads at once count once.
    expect(await v3.click(other.code)).toBe(true);
    const burst = await Promise.all(Array.from({ length: 6 }, () => v3.click(link.code)));
    expect(burst.filter(Boolean)).toHaveLength(1);
    expect((await linkOf(a, link.id)).clicks).toBe(3);

    t.clock.advance(DAY);
    expect(await v1.click(link.code)).toBe(true);
    expect((await linkOf(a, link.id)).clicks).toBe(4);
    // The same visitor on another link counts there.
    expect(await v1.click(other.code)).toBe(true);
  });

  it('gives the visitor an HttpOnly, SameSite=Lax cookie for the click call only, kept 400 days', async () => {
    const a = await newTopAgent(t);
    const link = await newLink(t, a);
    const res = await t.app.inject({
      method: 'POST',
      url: API_PREFIX + agent.inviteClick.path,
      payload: { code: link.code },
      remoteAddress: newAddress(),
    });
    const set = String(res.headers['set-cookie']);
    expect(set).toMatch(/^bs_visitor=[\w-]{22}\.[\w-]{43}; /);
    expect(set.split('; ').slice(1)).toEqual([
      `Path=${API_PREFIX}/agent/link/click`,
      `Max-Age=${400 * 86_400}`,
      'HttpOnly',
      'SameSite=Lax',
    ]);
    // Over https (a proxy's X-Forwarded-Proto with TRUST_PROXY), Secure as well.
    const behindProxy = await startTestApp({ scheduler: false, trustProxy: 1 });
    try {
      const https = await behindProxy.app.inject({
        method: 'POST',
        url: API_PREFIX + agent.inviteClick.path,
        payload: { code: link.code },
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(String(https.headers['set-cookie']).split('; ')).toContain('Secure');
    } finally {
      await behindProxy.close();
    }
  });

  it(`counts at most ${VISITORS_PER_ADDRESS} visitors from one address a day, whatever ids or cookies it sends`, async () => {
    const a = await newTopAgent(t);
    const [link, other] = [await newLink(t, a), await newLink(t, a)];
    // 60 clicks in a minute from one address, each with a visitor id made up and no cookie.
    const ip = newAddress();
    let counted = 0;
    for (let i = 0; i < 60; i += 1) if (await browser(ip).click(link.code, { visitor: randomUUID() })) counted += 1;
    expect(counted).toBe(VISITORS_PER_ADDRESS);
    expect((await linkOf(a, link.id)).clicks).toBe(VISITORS_PER_ADDRESS);

    // Cookies the server made, gathered by that address, each a visitor of its own: still a few.
    const gathered = Array.from({ length: 10 }, () => browser(ip));
    for (const b of gathered) await b.click(link.code);
    expect(gathered.every((b) => b.cookie)).toBe(true);
    const replayed = await Promise.all(gathered.map((b) => b.click(other.code)));
    expect(replayed.filter(Boolean)).toHaveLength(VISITORS_PER_ADDRESS);
    expect((await linkOf(a, other.id)).clicks).toBe(VISITORS_PER_ADDRESS);

    // Another day, a few again.
    t.clock.advance(DAY);
    expect((await Promise.all(gathered.map((b) => b.click(link.code)))).filter(Boolean)).toHaveLength(
      VISITORS_PER_ADDRESS,
    );
  });

  it('counts a returning visitor by its cookie once a day, from any address', async () => {
    const a = await newTopAgent(t);
    const link = await newLink(t, a);
    const visitor = browser();
    expect(await visitor.click(link.code)).toBe(true);
    const cookie = visitor.cookie;
    expect(cookie).toBeDefined();
    for (let i = 0; i < 5; i += 1) expect(await visitor.click(link.code, { visitor: randomUUID() })).toBe(false);
    // The same browser on another network the same day: the same visitor.
    expect(await browser().click(link.code, { cookie })).toBe(false);
    expect((await linkOf(a, link.id)).clicks).toBe(1);
    // A returning visitor keeps its cookie: none is set again.
    expect(visitor.cookie).toBe(cookie);

    t.clock.advance(DAY);
    expect(await visitor.click(link.code)).toBe(true);
    expect(await visitor.click(link.code)).toBe(false);
    expect((await linkOf(a, link.id)).clicks).toBe(2);
  });

  it('counts a forged or altered cookie as no one, and gives that browser a cookie of its own', async () => {
    const a = await newTopAgent(t);
    const [seen, fresh] = [await newLink(t, a), await newLink(t, a)];
    const visitor = browser();
    expect(await visitor.click(seen.code)).toBe(true);
    const [id, mac] = visitor.cookie!.slice('bs_visitor='.length).split('.') as [string, string];
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    const forgeries = [
      `bs_visitor=${id}.${flip(mac)}`, // the visitor's id, another MAC
      `bs_visitor=${flip(id)}.${mac}`, // another id, the visitor's MAC
      `bs_visitor=${randomBytes(16).toString('base64url')}.${randomBytes(32).toString('base64url')}`,
      `bs_visitor=${id}`,
      'bs_visitor=',
    ];
    for (const cookie of forgeries) {
      const forger = browser();
      expect(await forger.click(fresh.code, { cookie })).toBe(false);
      expect(forger.cookie).toMatch(/^bs_visitor=[\w-]{22}\.[\w-]{43}$/);
      expect(forger.cookie).not.toContain(id);
    }
    expect((await linkOf(a, fresh.id)).clicks).toBe(0);
    // The visitor the forgeries named was not counted on the link: its own cookie still counts there.
    expect(await visitor.click(fresh.code)).toBe(true);
    expect((await linkOf(a, fresh.id)).clicks).toBe(1);
  });

  it('counts visitors from different addresses each; an IPv6 /64 is one address', async () => {
    const a = await newTopAgent(t);
    const link = await newLink(t, a);
    const v4 = Array.from({ length: 6 }, () => browser());
    expect(await Promise.all(v4.map((b) => b.click(link.code)))).toEqual(Array(6).fill(true));
    const v6 = Array.from({ length: 6 }, (_, i) => browser(`2001:db8:7:1::${i + 1}`));
    const counted = await Promise.all(v6.map((b) => b.click(link.code)));
    expect(counted.filter(Boolean)).toHaveLength(VISITORS_PER_ADDRESS);
    expect(await browser('2001:db8:7:2::1').click(link.code)).toBe(true);
    expect((await linkOf(a, link.id)).clicks).toBe(6 + VISITORS_PER_ADDRESS + 1);
  });

  it('counts nothing for an unknown, disabled or expired code', async () => {
    const a = await newTopAgent(t);
    const visitor = browser();
    expect(await visitor.click('ZZZZZZZZ')).toBe(false);
    expect(await visitor.click(a.inviteCode)).toBe(false);

    const disabled = await newLink(t, a);
    await as(t, a, agent.agentLinkSetStatus, { id: disabled.id, enabled: false });
    expect(await visitor.click(disabled.code)).toBe(false);
    expect((await linkOf(a, disabled.id)).clicks).toBe(0);

    const expiring = await newLink(t, a, { validDays: 1 });
    t.clock.advance(DAY + HOUR);
    expect(await visitor.click(expiring.code)).toBe(false);
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

  it("shows this month's invited players, their first deposits and valid bets, and my commission as shouye's 本月佣金", async () => {
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
    // Last month's member and a deeper one deposit and bet too: not among this month's invited.
    await payOrder(t, await depositOrder(t, last, 10_000), 10_000);
    await payOrder(t, await depositOrder(t, below, 10_000), 10_000);
    await fund(t, p2.username, 5_000);
    for (const p of [p2, last, below]) await (await openBet(t, p, 2_000)).settle();
    // Today's commission (on the whole team's bets) is paid once the day is settled: both pages show it as it stands.
    const month = await as(t, a, agent.inviteThisMonth);
    const { commissionMonth } = (await as(t, a, agent.agentHome)).data.figures;
    expect(commissionMonth).toBeGreaterThan(0);
    expect(month.data).toEqual({ invited: 2, firstDeposits: 1, validBet: 2_000, commission: commissionMonth });
  });
});
