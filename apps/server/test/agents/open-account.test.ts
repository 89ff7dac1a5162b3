import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agent, auth } from '@breakshot/contracts';
import { queryRows } from '../../src/platform/db.js';
import { newPlayerUnder, SECURITY_PASSWORD, setAgentPassword } from '../helpers/agent-money.js';
import {
  as,
  login,
  members,
  newLink,
  newTopAgent,
  NO_RATES,
  openAccountCall,
  openedAccount,
  TOP_RATES,
} from '../helpers/agent-team.js';
import { call, startTestApp, uniqueName, type TestApp } from '../helpers/test-app.js';
import { TEST_SERVER_URL } from '../helpers/test-db.js';

/*
 * Opening an account under me (kaihu): made like a registration (password, cash account, place
 * in the tree, agent profile on the terms I give) but with no session; guarded by my security
 * password. On PostgreSQL the same name opened twice at once makes one account.
 */
describe(`opening accounts (${TEST_SERVER_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ scheduler: false });
  });
  afterAll(async () => {
    await t.close();
  });

  const sessionsOf = async (userId: number) =>
    (await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM sessions WHERE user_id = ${userId}`))[0]!
      .n;

  it('opens an account under me on my terms, which logs in with its password and has no session before', async () => {
    const a = await newTopAgent(t);
    const rates = { taiqiu: 150, slots: 0, poker: 100 };
    const res = await openAccountCall(t, a, { username: 'OpenedOne', kind: 'agent', rates, dividendRatioBp: 1500 });
    expect(res).toMatchObject({ code: 200, data: { username: 'OpenedOne' } });
    const id = res.data.id;
    expect(await sessionsOf(id)).toBe(0);

    const details = await as(t, a, agent.agentMemberDetails, { id });
    expect(details.data).toMatchObject({
      username: 'OpenedOne',
      kind: 'agent',
      rates,
      dividendRatioBp: 1500,
      depth: 1,
      upline: { id: a.userId, username: a.username },
      balance: 0,
      lastLoginAt: null,
      editable: true,
    });
    expect((await as(t, a, agent.agentHome)).data).toMatchObject({
      kind: 'agent',
      inviteCode: a.inviteCode,
      rates: TOP_RATES,
      dividendRatioBp: 4000,
      directCount: 1,
      teamCount: 1,
      newToday: 1,
      hasSecurityPassword: true,
      hasRechargePassword: false,
      mobileBound: false,
      // The account opened today counts as a registration of the team today.
      figures: { registrationsToday: 1, depositsToday: 0, commissionToday: 0 },
    });

    // The new player logs in with the password given, and has its own invite code and team.
    const token = await login(t, 'openedone');
    const info = await call(t.app, auth.userInfo, {}, { token });
    expect(info.data).toMatchObject({ id, username: 'OpenedOne', balance: 0 });
    expect(info.data.inviteCode).toMatch(/^[A-Z0-9]{6}$/);
    const home = await as(t, { token }, agent.agentHome);
    expect(home.data).toMatchObject({ kind: 'agent', rates, dividendRatioBp: 1500, directCount: 0 });
    // No link counts it.
    const link = await newLink(t, a);
    expect((await as(t, a, agent.agentLinks)).data.list.find((l) => l.id === link.id)?.registrations).toBe(0);
  });

  it('lets an opened agent open and invite in turn, each within its own terms', async () => {
    const a = await newTopAgent(t);
    const sub = await openedAccount(t, a, {
      kind: 'agent',
      rates: { taiqiu: 100, slots: 100, poker: 100 },
      dividendRatioBp: 2000,
    });
    await setAgentPassword(t, sub, 'security', SECURITY_PASSWORD);
    const below = await openAccountCall(t, sub, {
      kind: 'agent',
      rates: { taiqiu: 100, slots: 50, poker: 0 },
      dividendRatioBp: 2000,
    });
    expect(below.code).toBe(200);
    const over = await openAccountCall(t, sub, { kind: 'member', rates: { ...NO_RATES, slots: 101 } }, 'en');
    expect(over).toMatchObject({ code: 422, msg: 'The Slots rate cannot be above your own 1%' });
    const team = await members(t, a, { scope: 'team' });
    expect(team.list.map((m) => [m.id, m.depth])).toEqual([
      [below.data.id, 2],
      [sub.userId, 1],
    ]);
    expect((await as(t, a, agent.agentHome)).data).toMatchObject({ directCount: 1, teamCount: 2, newToday: 2 });
    // New today counts the site's day: tomorrow only tomorrow's.
    t.clock.advance(24 * 3_600_000);
    await newPlayerUnder(t, sub.inviteCode);
    expect((await as(t, a, agent.agentHome)).data).toMatchObject({ directCount: 1, teamCount: 3, newToday: 1 });
  });

  it('refuses a taken name (409, any case), a member with a ratio, and a plain member opening an agent', async () => {
    const a = await newTopAgent(t);
    const taken = await openAccountCall(t, a, { username: a.username.toUpperCase() }, 'en');
    expect(taken).toMatchObject({ code: 409, data: { field: 'username' } });
    const ratio = await openAccountCall(t, a, { kind: 'member', dividendRatioBp: 100 }, 'en');
    expect(ratio).toMatchObject({ code: 422, msg: 'Members hold no dividend ratio; set it to 0' });

    const plain = await newPlayerUnder(t, a.inviteCode);
    await setAgentPassword(t, plain, 'security', SECURITY_PASSWORD);
    const refused = await openAccountCall(t, plain, { kind: 'agent' }, 'en');
    expect(refused).toMatchObject({ code: 422, msg: 'Only agents can open agent accounts or make agent links' });
    expect((await members(t, a)).total).toBe(1);
    expect((await members(t, plain)).total).toBe(0);
  });

  it('needs my security password: none set (422), wrong (400), five wrong lock it (429); nothing is made', async () => {
    const a = await newPlayerUnder(t);
    const name = uniqueName('op');
    const unset = await openAccountCall(t, a, { username: name }, 'en');
    expect(unset).toMatchObject({ code: 422, msg: 'Please set a security password first' });
    await setAgentPassword(t, a, 'security', SECURITY_PASSWORD);
    const wrong = await openAccountCall(t, a, { username: name, securityPassword: '000000' }, 'en');
    expect(wrong).toMatchObject({ code: 400, data: { field: 'securityPassword' } });
    for (let i = 0; i < 4; i += 1) await openAccountCall(t, a, { username: name, securityPassword: '000000' });
    const locked = await openAccountCall(t, a, { username: name }, 'en');
    expect(locked.code).toBe(429);
    expect((await members(t, a)).total).toBe(0);
    const named = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM users WHERE lower(username) = ${name.toLowerCase()}`,
    );
    expect(named[0]!.n).toBe(0);
  });

  it('makes one account of a name opened twice at once', async () => {
    const a = await newTopAgent(t);
    const username = uniqueName('tw');
    const results = await Promise.all(
      Array.from({ length: 4 }, () => openAccountCall(t, a, { username, kind: 'agent', rates: TOP_RATES })),
    );
    expect(results.map((r) => r.code).sort()).toEqual([200, 409, 409, 409]);
    expect((await members(t, a)).total).toBe(1);
  });
});
