import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agent, type CallContract } from '@breakshot/contracts';
import { newPlayerUnder, RECHARGE_PASSWORD, SECURITY_PASSWORD, setAgentPassword } from '../helpers/agent-money.js';
import type { TestAgent } from '../helpers/agent-money.js';
import { as, newLink, newTopAgent, NO_RATES, openAccountCall, TOP_RATES } from '../helpers/agent-team.js';
import { openBet } from '../helpers/promotions.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { TEST_SERVER_URL } from '../helpers/test-db.js';
import { ADMIN_TEST_TOKEN, fund } from '../helpers/withdrawals.js';

/*
 * Every agent call acts on the caller's own team. A member id from another team
 * (or the caller's own, or none) is 404 whatever the call; setting rates needs a direct member
 * (422); rates and ratios above the caller's own are 422; a plain member opens no agents.
 * Calls on the caller's own members succeed, so the refusals are not the only answer.
 */

const M1_RATES = { taiqiu: 100, slots: 100, poker: 50 };

type MemberCall = { name: string; contract: CallContract; body: (id: number) => Record<string, unknown> };

describe(`agent calls stay within the team (${TEST_SERVER_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  /** A: a top agent; m1: its direct member (an agent, through a link); m2: below m1 (a plain member). */
  let a: TestAgent, m1: TestAgent, m2: TestAgent;
  /** B: another top agent; n1: its member. */
  let b: TestAgent, n1: TestAgent;
  const betOf = new Map<number, string>();

  beforeAll(async () => {
    t = await startTestApp({ adminToken: ADMIN_TEST_TOKEN, scheduler: false });
    a = await newTopAgent(t);
    const agentLink = await newLink(t, a, { kind: 'agent', rates: M1_RATES, dividendRatioBp: 2000 });
    m1 = await newPlayerUnder(t, agentLink.code);
    m2 = await newPlayerUnder(t, m1.inviteCode);
    b = await newTopAgent(t);
    n1 = await newPlayerUnder(t, b.inviteCode);
    await setAgentPassword(t, a, 'recharge', RECHARGE_PASSWORD);
    await fund(t, a.username, 10_000);
    for (const p of [m1, m2, n1]) {
      await fund(t, p.username, 10_000);
      betOf.set(p.userId, (await openBet(t, p, 1_000)).betNo);
    }
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const memberCalls: MemberCall[] = [
    { name: 'member/details', contract: agent.agentMemberDetails, body: (id) => ({ id }) },
    {
      name: 'member/setRates',
      contract: agent.agentMemberSetRates,
      // m1's terms as they are, so setting them changes nothing for the later tests.
      body: (id) => ({ id, rates: M1_RATES, dividendRatioBp: 2000, securityPassword: SECURITY_PASSWORD }),
    },
    { name: 'member/bets', contract: agent.agentMemberBets, body: (id) => ({ id }) },
    {
      name: 'member/betDetails',
      contract: agent.agentMemberBetDetails,
      body: (id) => ({ id, betNo: betOf.get(id) ?? '25010100000000000000' }),
    },
    { name: 'user/balanceDetails', contract: agent.agentMemberBalanceDetails, body: (id) => ({ id }) },
    {
      name: 'transfer',
      contract: agent.agentTransfer,
      body: (id) => ({ memberId: id, amount: 1, rechargePassword: RECHARGE_PASSWORD, requestId: randomUUID() }),
    },
  ];

  it('answers 404 for a member of another team, the caller itself and an unknown id, on every call', async () => {
    for (const c of memberCalls) {
      for (const id of [n1.userId, a.userId, b.userId, 99_999_999]) {
        const res = await as(t, a, c.contract, c.body(id), 'en');
        expect(res, `${c.name} ${id}`).toMatchObject({ code: 404, msg: 'This member is not in your team', data: null });
      }
    }
    // Nothing of the other team changed: its member's rates, and the caller's money.
    const seen = await as(t, b, agent.agentMemberDetails, { id: n1.userId });
    expect(seen.data.rates).toEqual(NO_RATES);
    const home = await as(t, m1, agent.agentMemberDetails, { id: n1.userId });
    expect(home.code).toBe(404);
  });

  it('answers every call for members of my team, at any depth, except rates below the first level', async () => {
    for (const member of [m1, m2]) {
      for (const c of memberCalls) {
        const res = await as(t, a, c.contract, c.body(member.userId), 'en');
        if (c.name === 'member/setRates' && member === m2) {
          expect(res).toMatchObject({ code: 422, msg: 'You can set this for your direct members only' });
        } else {
          expect(res.code, `${c.name} ${member.username}: ${res.msg}`).toBe(200);
        }
      }
    }
    // A bet of another player is not found through my member's id.
    const foreign = await as(t, a, agent.agentMemberBetDetails, { id: m1.userId, betNo: betOf.get(n1.userId) }, 'en');
    expect(foreign.code).toBe(404);
    // m1 sees its own member m2, but not its upline.
    expect((await as(t, m1, agent.agentMemberDetails, { id: m2.userId })).code).toBe(200);
    expect((await as(t, m1, agent.agentMemberDetails, { id: a.userId })).code).toBe(404);
  });

  it("refuses another player's links (404) and takes my own", async () => {
    const theirs = await newLink(t, b);
    const mine = await newLink(t, a);
    const status = await as(t, a, agent.agentLinkSetStatus, { id: theirs.id, enabled: false }, 'en');
    expect(status).toMatchObject({ code: 404, msg: 'Invite link not found' });
    const share = await as(t, a, agent.agentShareLinkSet, { linkId: theirs.id }, 'en');
    expect(share).toMatchObject({ code: 404, msg: 'Invite link not found' });
    const bLinks = await as(t, b, agent.agentLinks);
    expect(bLinks.data.list.find((l) => l.id === theirs.id)?.enabled).toBe(true);
    expect(bLinks.data.shareLinkId).toBeNull();

    expect((await as(t, a, agent.agentLinkSetStatus, { id: mine.id, enabled: false })).data.enabled).toBe(false);
    expect((await as(t, a, agent.agentShareLinkSet, { linkId: mine.id })).data.shareLinkId).toBe(mine.id);
  });

  it('refuses rates and ratios above my own (422), wherever I give them', async () => {
    const above = { ...TOP_RATES, slots: TOP_RATES.slots + 1 };
    const link = await as(t, a, agent.agentLinkAdd, { kind: 'agent', rates: above, validDays: null }, 'en');
    expect(link).toMatchObject({
      code: 422,
      msg: 'The Slots rate cannot be above your own 1.5%',
      data: { field: 'rates.slots' },
    });
    const zh = await as(t, a, agent.agentLinkAdd, { kind: 'agent', rates: above, validDays: null });
    expect(zh.msg).toBe('电子返佣不能高于您自己的 1.5%');
    const ratio = await as(
      t,
      a,
      agent.agentLinkAdd,
      { kind: 'agent', rates: TOP_RATES, dividendRatioBp: 4001, validDays: null },
      'en',
    );
    expect(ratio).toMatchObject({ code: 422, msg: 'The dividend ratio cannot be above your own 40%' });

    const opened = await openAccountCall(t, a, { kind: 'agent', rates: above }, 'en');
    expect(opened).toMatchObject({ code: 422, msg: 'The Slots rate cannot be above your own 1.5%' });
    const openedRatio = await openAccountCall(t, a, { kind: 'agent', rates: TOP_RATES, dividendRatioBp: 5000 }, 'en');
    expect(openedRatio.code).toBe(422);

    const body = { id: m1.userId, securityPassword: SECURITY_PASSWORD };
    const rates = await as(t, a, agent.agentMemberSetRates, { ...body, rates: above }, 'en');
    expect(rates).toMatchObject({ code: 422, msg: 'The Slots rate cannot be above your own 1.5%' });
    const ratioSet = await as(
      t,
      a,
      agent.agentMemberSetRates,
      { ...body, rates: TOP_RATES, dividendRatioBp: 4001 },
      'en',
    );
    expect(ratioSet.code).toBe(422);
    // "Own" is the caller's: m1 (1 % on billiards) cannot give 1.5 %, though its upline could.
    const m1Link = await as(
      t,
      m1,
      agent.agentLinkAdd,
      { kind: 'member', rates: { ...NO_RATES, taiqiu: 150 }, validDays: null },
      'en',
    );
    expect(m1Link).toMatchObject({ code: 422, msg: 'The Billiards rate cannot be above your own 1%' });

    // Exactly my own is allowed, and the refusals changed nothing.
    const equal = await as(t, a, agent.agentMemberSetRates, { ...body, rates: TOP_RATES, dividendRatioBp: 4000 });
    expect(equal.code).toBe(200);
    expect(equal.data).toMatchObject({ rates: TOP_RATES, dividendRatioBp: 4000 });
  });

  it('lets a plain member open and link members only', async () => {
    await setAgentPassword(t, m2, 'security', SECURITY_PASSWORD);
    const openAgent = await openAccountCall(t, m2, { kind: 'agent' }, 'en');
    expect(openAgent).toMatchObject({ code: 422, msg: 'Only agents can open agent accounts or make agent links' });
    const agentLink = await as(t, m2, agent.agentLinkAdd, { kind: 'agent', rates: NO_RATES, validDays: null }, 'en');
    expect(agentLink.code).toBe(422);
    expect(agentLink.msg).toBe('Only agents can open agent accounts or make agent links');
    const ratio = await as(
      t,
      m2,
      agent.agentLinkAdd,
      { kind: 'member', rates: NO_RATES, dividendRatioBp: 1, validDays: null },
      'en',
    );
    expect(ratio).toMatchObject({ code: 422, msg: 'Members hold no dividend ratio; set it to 0' });
    expect((await as(t, m2, agent.agentMembers, {})).data.total).toBe(0);

    expect((await openAccountCall(t, m2, { kind: 'member' })).code).toBe(200);
    expect((await as(t, m2, agent.agentLinkAdd, { kind: 'member', rates: NO_RATES, validDays: null })).code).toBe(200);
    expect((await as(t, m2, agent.agentMembers, {})).data.total).toBe(1);
  });
});
