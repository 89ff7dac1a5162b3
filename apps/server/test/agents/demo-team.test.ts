import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { agent, agentReports, agentsAdmin, auth, ErrorCode, profile } from '@breakshot/contracts';
import { queryRows } from '../../src/platform/db.js';
import { localDate } from '../../src/platform/time-range.js';
import { getSysConfig } from '../../src/modules/system/service.js';
import { DEMO_TEAM, disableDemoTeam, ensureDemoTeam, PRODUCTION_START } from '../../src/modules/agents/demo-team.js';
import { call, captchaId, startTestApp, TEST_CAPTCHA, type TestApp } from '../helpers/test-app.js';
import { expectLedgerOk, rowCount } from '../helpers/wallet.js';
import { adminCall, ADMIN_TEST_TOKEN } from '../helpers/withdrawals.js';

/* Demo mode starts with an agent team made through the agent services, once. */
describe('demo agent team', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ adminToken: ADMIN_TEST_TOKEN, scheduler: false, demo: true, demoProvider: true });
  });
  afterAll(() => t.close());

  const tryLogin = async (username: string, password: string = DEMO_TEAM.password) =>
    call(t.app, auth.login, { username, password, captchaId: await captchaId(t.app), captchaCode: TEST_CAPTCHA });
  const login = async (username: string) => {
    const res = await tryLogin(username);
    expect(res.code, res.msg).toBe(200);
    return res.data.token;
  };

  it('has a top-level agent with a link, a sub-agent and members, and a transfer; a second start adds nothing', async () => {
    const list = await adminCall(t.app, agentsAdmin.agentsList, { keyword: DEMO_TEAM.agent });
    const top = list.data.list.find((r) => r.username === DEMO_TEAM.agent)!;
    expect(top).toMatchObject({
      kind: 'agent',
      parent: null,
      rates: { taiqiu: 120, slots: 80, poker: 50 },
      dividendRatioBp: 3000,
      directCount: 2,
      teamCount: 3,
    });
    const direct = await adminCall(t.app, agentsAdmin.agentsList, { parentId: top.id });
    expect(direct.data.list.map((r) => [r.username, r.kind])).toEqual([
      [DEMO_TEAM.subAgent, 'agent'],
      [DEMO_TEAM.members[0], 'member'],
    ]);

    const token = await login(DEMO_TEAM.agent);
    const links = await call(t.app, agent.agentLinks, {}, { token });
    expect(links.data.list).toMatchObject([{ kind: 'member', registrations: 1, enabled: true }]);
    expect((await call(t.app, auth.userInfo, {}, { token })).data.balance).toBe(950_000);
    const member = await login(DEMO_TEAM.members[0]);
    // The transfer, a deposit of ¥1,000, a ¥200 bet won at 2.00 and a ¥300 bet lost.
    expect((await call(t.app, auth.userInfo, {}, { token: member })).data.balance).toBe(140_000);
    const transfers = await adminCall(t.app, agentsAdmin.agentTransfersList, { username: DEMO_TEAM.agent });
    expect(transfers.data).toMatchObject({ total: 1, totalAmount: 50_000 });
    const details = await adminCall(t.app, agentsAdmin.agentDetails, { id: top.id });
    expect(details.data).toMatchObject({ hasSecurityPassword: true, hasRechargePassword: true });

    // The agent reports have figures: each member's deposit, slot bet and insurance premium, rolled up.
    const figures = await queryRows<{ deposits: number; bets: number; stake: number; premiums: number }>(
      t.db,
      sql`SELECT sum(d.deposits)::int AS deposits, sum(d.bet_count)::int AS bets, sum(d.stake)::int AS stake,
            sum(d.insurance_premiums)::int AS premiums
          FROM agent_daily d JOIN users u ON u.id = d.user_id WHERE u.username IN (${sql.join(
            DEMO_TEAM.members.map((m) => sql`${m}`),
            sql`, `,
          )})`,
    );
    expect(figures).toEqual([{ deposits: 200_000, bets: 2, stake: 40_000, premiums: 60_000 }]);

    const users = await rowCount(t.db, 'users');
    expect(await ensureDemoTeam(t.app.ctx)).toBe(false);
    expect(await rowCount(t.db, 'users')).toBe(users);
    await expectLedgerOk(t.db);
  });

  it("the agent sees its members' bets by the games' names and the team's ¥600 of insurance in 德州保险报表", async () => {
    const token = await login(DEMO_TEAM.agent);
    const today = localDate(t.app.ctx.now(), (await getSysConfig(t.db)).timeZone);
    const insurance = await call(
      t.app,
      agentReports.agentReport,
      { kind: 'pokerInsurance', from: today, to: today },
      { token },
    );
    expect(insurance.data.summary).toEqual({ premiums: 60_000, payouts: 0, net: -60_000, myShare: 18_000 });

    const members = await call(t.app, agent.agentMembers, { keyword: DEMO_TEAM.members[0] }, { token });
    const id = members.data.list[0]!.id;
    const bets = await call(t.app, agent.agentMemberBets, { id }, { token });
    expect(bets.data.list.map((b) => [b.gameType, b.gameName, b.selectionName]).sort()).toEqual([
      ['poker', '德州保险', '保险'],
      ['slots', '幸运九宫格', null],
    ]);
    for (const b of bets.data.list) {
      const details = await call(t.app, agent.agentMemberBetDetails, { id, betNo: b.betNo }, { token });
      expect(details.data.round?.title).toMatch(/^演示游戏 · /);
    }
  });

  it('a production start disables the accounts that log in with the published password, ends their sessions, audited, once', async () => {
    const [agentName, subAgent, member, other] = [DEMO_TEAM.agent, DEMO_TEAM.subAgent, ...DEMO_TEAM.members];
    const sessions = [await login(agentName), await login(member)];
    // An owner who chose a password of their own keeps the account.
    const ownPassword = 'mine-0987';
    const changed = await call(
      t.app,
      profile.changePassword,
      { oldPassword: DEMO_TEAM.password, password: ownPassword },
      { token: await login(other) },
    );
    expect(changed.code, changed.msg).toBe(200);

    expect(await disableDemoTeam(t.app.ctx)).toEqual([agentName, subAgent, member]);

    for (const token of sessions)
      expect((await call(t.app, auth.userInfo, {}, { token })).code).toBe(ErrorCode.UNAUTHORIZED);
    for (const name of [agentName, subAgent, member])
      expect(await tryLogin(name)).toMatchObject({ code: ErrorCode.FORBIDDEN });
    expect((await tryLogin(other, ownPassword)).code).toBe(200);
    const audit = await queryRows<{ operator: string; action: string; target: string }>(
      t.db,
      sql`SELECT operator, action, target FROM admin_audit WHERE operator = ${PRODUCTION_START} ORDER BY id`,
    );
    expect(audit).toEqual(
      [agentName, subAgent, member].map((target) => ({ operator: PRODUCTION_START, action: 'player.disable', target })),
    );
    // The next production start finds nothing left to disable.
    expect(await disableDemoTeam(t.app.ctx)).toEqual([]);
  });
});
