import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorCalls, playersAdmin, agent, agentsAdmin } from '@breakshot/contracts';
import { newPayingAgent, newPlayerUnder, setAgentPassword, transferCall } from '../helpers/agent-money.js';
import { newOperator, opCall, type LoggedInOperator } from '../helpers/operators.js';
import { call, registerUser, startTestApp, type TestApp } from '../helpers/test-app.js';
import { adminCall, ADMIN_TEST_TOKEN } from '../helpers/withdrawals.js';

/* The operator console's agent section (contracts agents-admin.ts). */
describe('operator console: agents', () => {
  let t: TestApp;
  const ops = {} as Record<'admin' | 'finance' | 'risk' | 'content', LoggedInOperator>;
  beforeAll(async () => {
    t = await startTestApp({ adminToken: ADMIN_TEST_TOKEN, scheduler: false });
    for (const role of ['admin', 'finance', 'risk', 'content'] as const) {
      ops[role] = await newOperator(t, `agents-${role}`, role);
    }
  });
  afterAll(() => t.close());

  const rates = (taiqiu: number, slots: number, poker: number) => ({ taiqiu, slots, poker });
  const save = (id: number, body: object, as: LoggedInOperator = ops.admin) =>
    opCall(t.app, agentsAdmin.agentProfileSave, { id, reason: '签约代理', ...body }, { session: as.session });
  const auditOf = async (target: string) =>
    (await adminCall(t.app, playersAdmin.auditList, { page: 1, pageSize: 100, target })).data.list;

  it('sets a top-level agent up to the maxima; a player below it no higher than its upline; audited', async () => {
    const top = await newPlayerUnder(t);
    const sub = await newPlayerUnder(t, top.inviteCode);
    const topTerms = { kind: 'agent', rates: rates(120, 80, 50), dividendRatioBp: 3000 };
    const saved = await save(top.userId, topTerms);
    expect(saved).toMatchObject({
      code: 200,
      data: { id: top.userId, username: top.username, parent: null, ...topTerms, directCount: 1, teamCount: 1 },
    });
    const [entry] = await auditOf(top.username);
    expect(entry).toMatchObject({
      operator: 'agents-admin',
      action: 'agents.profile.save',
      payload: { id: top.userId, reason: '签约代理' },
      before: { kind: 'member', rates: rates(0, 0, 0), dividendRatioBp: 0 },
      after: topTerms,
    });

    const above = await save(sub.userId, { kind: 'agent', rates: rates(120, 81, 50), dividendRatioBp: 3000 });
    expect(above).toMatchObject({ code: 422, msg: '电子返佣不能高于上级的 0.8%', data: { field: 'rates.slots' } });
    const ratio = await save(sub.userId, { kind: 'agent', rates: rates(100, 80, 50), dividendRatioBp: 3001 });
    expect(ratio).toMatchObject({ code: 422, msg: '分红比例不能高于上级的 30%' });
    const memberRatio = await save(sub.userId, { kind: 'member', rates: rates(100, 80, 50), dividendRatioBp: 100 });
    expect(memberRatio).toMatchObject({ code: 422, data: { field: 'dividendRatioBp' } });
    expect(await auditOf(sub.username)).toEqual([]);

    const subTerms = { kind: 'agent', rates: rates(100, 80, 50), dividendRatioBp: 2500 };
    expect(await save(sub.userId, subTerms)).toMatchObject({
      code: 200,
      data: { parent: { id: top.userId, username: top.username }, ...subTerms },
    });
    // Lowering the upline below what its member holds is allowed; the member keeps its terms.
    expect((await save(top.userId, { kind: 'agent', rates: rates(50, 50, 50), dividendRatioBp: 1000 })).code).toBe(200);
    const subNow = await opCall(t.app, agentsAdmin.agentDetails, { id: sub.userId }, { session: ops.risk.session });
    expect(subNow.data).toMatchObject(subTerms);
  });

  it('lists top-level players, direct members, by name and kind; details show chain, links and passwords', async () => {
    const top = await newPlayerUnder(t);
    const sub = await newPlayerUnder(t, top.inviteCode);
    const leaf = await newPlayerUnder(t, sub.inviteCode);
    await save(top.userId, { kind: 'agent', rates: rates(120, 80, 50), dividendRatioBp: 3000 });
    await save(sub.userId, { kind: 'agent', rates: rates(100, 60, 40), dividendRatioBp: 2000 });
    const list = (body: object, as = ops.finance) =>
      opCall(t.app, agentsAdmin.agentsList, { pageSize: 100, ...body }, { session: as.session });

    const topLevel = (await list({})).data.list.map((r) => r.username);
    expect(topLevel).toContain(top.username);
    expect(topLevel).not.toContain(sub.username);
    expect((await list({ parentId: top.userId })).data).toMatchObject({
      total: 1,
      list: [{ id: sub.userId, kind: 'agent', directCount: 1, teamCount: 1, parent: { id: top.userId } }],
    });
    expect((await list({ keyword: leaf.username.toUpperCase() })).data.list).toEqual([
      expect.objectContaining({ id: leaf.userId, kind: 'member', parent: { id: sub.userId, username: sub.username } }),
    ]);
    expect((await list({ parentId: sub.userId, kind: 'agent' })).data.total).toBe(0);
    expect((await list({ parentId: sub.userId, kind: 'member' })).data.total).toBe(1);

    const link = await call(
      t.app,
      agent.agentLinkAdd,
      { kind: 'member', rates: rates(90, 50, 30), remark: '推广', validDays: null },
      { token: sub.token },
    );
    expect(link.code).toBe(200);
    await setAgentPassword(t, sub, 'recharge', '135246');
    const details = await opCall(t.app, agentsAdmin.agentDetails, { id: leaf.userId }, { session: ops.risk.session });
    expect(details.data).toMatchObject({
      id: leaf.userId,
      chain: [
        { id: sub.userId, username: sub.username, depth: 1 },
        { id: top.userId, username: top.username, depth: 2 },
      ],
      links: [],
      hasSecurityPassword: false,
      hasRechargePassword: false,
    });
    const subDetails = await opCall(t.app, agentsAdmin.agentDetails, { id: sub.userId }, { session: ops.risk.session });
    expect(subDetails.data).toMatchObject({
      chain: [{ id: top.userId, depth: 1 }],
      links: [{ id: link.data.id, code: link.data.code, kind: 'member', remark: '推广', enabled: true }],
      hasSecurityPassword: false,
      hasRechargePassword: true,
    });
    const missing = await opCall(t.app, agentsAdmin.agentDetails, { id: 99_999_999 }, { session: ops.risk.session });
    expect(missing).toMatchObject({ code: 404, data: null });

    // Risk disables the link (audited); it no longer takes registrations.
    const off = await opCall(
      t.app,
      agentsAdmin.agentLinkStatusSave,
      { id: link.data.id, enabled: false, reason: '违规推广' },
      { session: ops.risk.session },
    );
    expect(off).toMatchObject({ code: 200, data: { id: link.data.id, enabled: false } });
    const [entry] = await auditOf(`agent_link:${link.data.id}`);
    expect(entry).toMatchObject({
      operator: 'agents-risk',
      action: 'agents.link.setStatus',
      before: { enabled: true },
      after: { enabled: false },
    });
    const links = await call(t.app, agent.agentLinks, {}, { token: sub.token });
    expect(links.data.list[0]).toMatchObject({ id: link.data.id, enabled: false });
    await expect(registerUser(t.app, undefined, { inviteCode: link.data.code })).rejects.toThrow(/register failed/);
    const unknown = await opCall(
      t.app,
      agentsAdmin.agentLinkStatusSave,
      { id: 99_999_999, enabled: false, reason: 'x' },
      { session: ops.risk.session },
    );
    expect(unknown.code).toBe(404);
  });

  it('only an admin saves profiles; finance and risk read; content sees nothing', async () => {
    const p = await newPlayerUnder(t);
    const terms = { kind: 'agent', rates: rates(10, 10, 10), dividendRatioBp: 0 };
    for (const role of ['finance', 'risk', 'content'] as const) {
      expect((await save(p.userId, terms, ops[role])).code, role).toBe(403);
    }
    expect(await auditOf(p.username)).toEqual([]);
    for (const role of ['finance', 'risk'] as const) {
      const s = { session: ops[role].session };
      expect((await opCall(t.app, agentsAdmin.agentsList, {}, s)).code, role).toBe(200);
      expect((await opCall(t.app, agentsAdmin.agentDetails, { id: p.userId }, s)).code, role).toBe(200);
      expect((await opCall(t.app, agentsAdmin.agentTransfersList, {}, s)).code, role).toBe(200);
    }
    const c = { session: ops.content.session };
    expect((await opCall(t.app, agentsAdmin.agentsList, {}, c)).code).toBe(403);
    expect((await opCall(t.app, agentsAdmin.agentTransfersList, {}, c)).code).toBe(403);
    const finance = { session: ops.finance.session };
    expect(
      (await opCall(t.app, agentsAdmin.agentLinkStatusSave, { id: 1, enabled: true, reason: 'x' }, finance)).code,
    ).toBe(403);
    expect((await save(p.userId, terms)).code).toBe(200);
  });

  it('lists agent transfers by player and period with their total, and exports them as CSV', async () => {
    const a = await newPayingAgent(t, 100_000);
    const m1 = await newPlayerUnder(t, a.inviteCode);
    const m2 = await newPlayerUnder(t, a.inviteCode);
    expect((await transferCall(t, a, { memberId: m1.userId, amount: 12_000, remark: '=SUM(A1)' })).code).toBe(200);
    t.clock.advance(60_000);
    const since = t.clock.now().toISOString();
    expect((await transferCall(t, a, { memberId: m2.userId, amount: 3_000, turnoverMultiple: 5 })).code).toBe(200);
    const list = (body: object) =>
      opCall(t.app, agentsAdmin.agentTransfersList, body, { session: ops.finance.session });

    const byAgent = await list({ username: a.username });
    expect(byAgent.data).toMatchObject({ total: 2, totalAmount: 15_000 });
    expect(byAgent.data.list[0]).toMatchObject({
      agentId: a.userId,
      agentUsername: a.username,
      memberId: m2.userId,
      memberUsername: m2.username,
      amount: 3_000,
      turnoverMultiple: 5,
    });
    expect((await list({ username: m1.username.toUpperCase() })).data).toMatchObject({ total: 1, totalAmount: 12_000 });
    expect((await list({ username: a.username, from: since })).data).toMatchObject({ total: 1, totalAmount: 3_000 });
    expect((await list({ username: 'nobody000000' })).data).toMatchObject({ total: 0, totalAmount: 0, list: [] });

    const csv = await t.app.inject({
      method: 'POST',
      url: `${operatorCalls.ADMIN_PREFIX}${agentsAdmin.agentTransfersList.path}${operatorCalls.CSV_SUFFIX}`,
      headers: { [operatorCalls.OPERATOR_SESSION_HEADER]: ops.finance.session },
      payload: { username: a.username },
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('id,agentId,agentUsername,memberId,memberUsername,amount,turnoverMultiple,remark,createdAt');
    expect(lines[2]).not.toContain('{');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain(m1.username);
    // A remark a spreadsheet would run as a formula is defused.
    expect(lines[2]).toContain(",'=SUM(A1),");
  });
});
