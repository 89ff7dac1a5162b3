import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorsAdmin, playersAdmin } from '@breakshot/contracts';
import { newOperator, opCall, OPERATOR_PASSWORD, totpCode } from '../helpers/operators.js';
import type { TestApp } from '../helpers/test-app.js';
import { adminCall, startWithdrawApp } from '../helpers/withdrawals.js';

/*
 * Operators created in the console (docs/security.md, "Operator setup links"): an admin invites
 * one by name and role and hands over a one-time link; through it the operator sets the password
 * and enrols the authenticator. Admins change roles there too.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startWithdrawApp();
});
afterAll(() => t.close());

const PASSWORD = 'a new console pass 7';

async function invite(session: string, username: string, role: 'finance' | 'risk' = 'finance') {
  const res = await opCall(t.app, operatorsAdmin.operatorInvite, { username, role }, { session });
  expect(res.code, res.msg).toBe(200);
  return res.data;
}

/** Uses the link: the password set, then the authenticator enrolled; answers the login. */
async function completeSetup(token: string, password = PASSWORD) {
  const setup = await opCall(t.app, operatorsAdmin.setupLinkUse, { token, password });
  expect(setup.code, setup.msg).toBe(200);
  const done = await opCall(t.app, operatorsAdmin.totpConfirm, {
    setupToken: setup.data.setupToken,
    code: totpCode(t, setup.data.secret),
  });
  t.clock.advance(30_000);
  return { secret: setup.data.secret, done };
}

describe('setup links', () => {
  it('an invited operator sets the password and the authenticator through the link, then logs in as usual', async () => {
    const boss = await newOperator(t, 'sl-boss', 'admin');
    const link = await invite(boss.session, 'sl-cashier');
    expect(link.operator).toMatchObject({ username: 'sl-cashier', role: 'finance', passwordSet: false, totp: false });
    expect(Date.parse(link.expiresAt) - t.clock.now().getTime()).toBe(24 * 60 * 60 * 1000);

    // No password logs the invited operator in before the link is used.
    const early = await opCall(t.app, operatorsAdmin.login, { username: 'sl-cashier', password: 'anything 123' });
    expect(early.code).toBe(401);

    const check = await opCall(t.app, operatorsAdmin.setupLinkCheck, { token: link.token });
    expect(check.data).toEqual({ operator: { username: 'sl-cashier', role: 'finance' }, expiresAt: link.expiresAt });
    const { secret, done } = await completeSetup(link.token);
    expect(done).toMatchObject({
      code: 200,
      data: { stage: 'done', operator: { username: 'sl-cashier', role: 'finance' } },
    });

    // Used once: the link opens nothing again.
    for (const [c, body] of [
      [operatorsAdmin.setupLinkCheck, { token: link.token }],
      [operatorsAdmin.setupLinkUse, { token: link.token, password: PASSWORD }],
    ] as const) {
      const again = await opCall(t.app, c, body);
      expect(again).toMatchObject({ code: 401, msg: expect.stringMatching(/设置链接无效或已过期/) });
    }
    const login = await opCall(t.app, operatorsAdmin.login, {
      username: 'sl-cashier',
      password: PASSWORD,
      code: totpCode(t, secret),
    });
    expect(login).toMatchObject({ code: 200, data: { stage: 'done' } });

    const list = await opCall(t.app, operatorsAdmin.operatorsList, {}, { session: boss.session });
    expect(list.data.list.find((o) => o.username === 'sl-cashier')).toMatchObject({ passwordSet: true, totp: true });
    const audit = await adminCall(t.app, playersAdmin.auditList, { target: 'sl-cashier', pageSize: 10 });
    expect(audit.data.list.map((a) => [a.operator, a.action])).toEqual([
      ['sl-cashier', 'operator.setup'],
      ['sl-boss', 'operator.invite'],
    ]);
    expect(JSON.stringify(audit.data.list)).not.toContain(link.token);
  });

  it('a link lasts 24 hours; a new one ends the one before; none is issued once the password is set', async () => {
    const boss = await newOperator(t, 'sl-boss2', 'admin');
    const first = await invite(boss.session, 'sl-late', 'risk');
    t.clock.advance(24 * 60 * 60 * 1000 + 1);
    expect((await opCall(t.app, operatorsAdmin.setupLinkCheck, { token: first.token })).code).toBe(401);

    // The boss's console session has ended meanwhile (12 hours): another admin renews it.
    const next = await newOperator(t, 'sl-boss2b', 'admin');
    const renew = (reason: string) =>
      opCall(t.app, operatorsAdmin.operatorSetupLink, { username: 'SL-LATE', reason }, { session: next.session });
    const renewed = await renew('过期重发');
    expect(renewed.code, renewed.msg).toBe(200);
    const second = renewed.data;
    const third = (await renew('再发一次')).data;
    expect((await opCall(t.app, operatorsAdmin.setupLinkCheck, { token: second.token })).code).toBe(401);
    await completeSetup(third.token);
    expect(await renew('已设置')).toMatchObject({ code: 409 });
  });

  it('refuses a weak password and a taken name, changing nothing; only an admin invites', async () => {
    const boss = await newOperator(t, 'sl-boss3', 'admin');
    const risk = await newOperator(t, 'sl-risk3', 'risk');
    const link = await invite(boss.session, 'sl-weak');
    const weak = await opCall(t.app, operatorsAdmin.setupLinkUse, { token: link.token, password: 'short' });
    expect(weak.code).toBe(400);
    expect((await opCall(t.app, operatorsAdmin.setupLinkCheck, { token: link.token })).code).toBe(200);
    const taken = await opCall(t.app, operatorsAdmin.operatorInvite, { username: 'SL-WEAK', role: 'risk' }, boss);
    expect(taken.code).toBe(409);
    const byRisk = await opCall(t.app, operatorsAdmin.operatorInvite, { username: 'sl-x', role: 'risk' }, risk);
    expect(byRisk.code).toBe(403);
    const forged = await opCall(t.app, operatorsAdmin.setupLinkCheck, { token: 'A'.repeat(43) });
    expect(forged.code).toBe(401);
  });
});

describe('roles', () => {
  it('an admin changes another operator’s role: their sessions end, the new role holds at the next login; audited', async () => {
    const boss = await newOperator(t, 'rl-boss', 'admin');
    const clerk = await newOperator(t, 'rl-clerk', 'finance');
    const changed = await opCall(
      t.app,
      operatorsAdmin.operatorSetRole,
      { username: 'rl-clerk', role: 'risk', reason: '调岗风控' },
      { session: boss.session },
    );
    expect(changed).toMatchObject({ code: 200, data: { username: 'rl-clerk', role: 'risk' } });
    expect(await opCall(t.app, operatorsAdmin.me, {}, { session: clerk.session })).toMatchObject({ code: 401 });
    const again = await opCall(t.app, operatorsAdmin.login, {
      username: 'rl-clerk',
      password: OPERATOR_PASSWORD,
      code: totpCode(t, clerk.secret),
    });
    expect(again).toMatchObject({ code: 200, data: { operator: { role: 'risk' } } });
    const [audit] = (await adminCall(t.app, playersAdmin.auditList, { action: 'operator.role', pageSize: 1 })).data
      .list;
    expect(audit).toMatchObject({
      operator: 'rl-boss',
      target: 'rl-clerk',
      payload: { reason: '调岗风控' },
      before: { role: 'finance' },
      after: { role: 'risk' },
    });

    const self = await opCall(
      t.app,
      operatorsAdmin.operatorSetRole,
      { username: 'rl-boss', role: 'finance', reason: 'x' },
      { session: boss.session },
    );
    expect(self).toMatchObject({ code: 422, msg: '不能更改自己的角色' });
  });
});
