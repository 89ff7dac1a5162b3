import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contentAdmin,
  feedbackAdmin,
  limitsAdmin,
  messagesAdmin,
  operatorCalls,
  operatorsAdmin,
  paymentsAdmin,
  playersAdmin,
  securityAdmin,
  systemAdmin,
  taiqiuAdmin,
  withdrawalsAdmin,
} from '@breakshot/contracts';
import { registerUser, startTestApp, type TestApp } from '../helpers/test-app.js';
import { ADMIN_TEST_TOKEN } from '../helpers/withdrawals.js';
import { databaseDigest, newOperator, opCall, type LoggedInOperator } from '../helpers/operators.js';

/** Every operator call of the contracts (anything exported with a path and roles), CSV exports too. */
const contracts = {
  playersAdmin,
  paymentsAdmin,
  withdrawalsAdmin,
  contentAdmin,
  systemAdmin,
  taiqiuAdmin,
  operatorsAdmin,
  securityAdmin,
  messagesAdmin,
  feedbackAdmin,
  limitsAdmin,
};
const allCalls = Object.entries(contracts).flatMap(([area, exports]) =>
  Object.entries(exports as Record<string, unknown>)
    .filter(([, v]) => isAdminCall(v))
    .flatMap(([name, v]) => {
      const c = v as operatorCalls.AdminCall;
      const entry = { name: `${area}.${name}`, path: c.path, roles: c.roles };
      return c.csv
        ? [entry, { ...entry, name: `${entry.name} (csv)`, path: c.path + operatorCalls.CSV_SUFFIX }]
        : [entry];
    }),
);

function isAdminCall(v: unknown): v is operatorCalls.AdminCall {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as { path?: unknown }).path === 'string' &&
    Array.isArray((v as { roles?: unknown }).roles)
  );
}

/** The calls made before there is a session (the login, setup links); every other call is guarded. */
const PUBLIC = new Set(
  [operatorsAdmin.login, operatorsAdmin.totpConfirm, operatorsAdmin.setupLinkCheck, operatorsAdmin.setupLinkUse].map(
    (c) => c.path,
  ),
);
const roles = operatorCalls.operatorRoles;

describe('operator roles, for every operator call of the contracts', () => {
  let t: TestApp;
  let sessions: Record<operatorCalls.OperatorRole, LoggedInOperator>;
  let guarded: typeof allCalls;

  beforeAll(async () => {
    t = await startTestApp({ adminToken: ADMIN_TEST_TOKEN });
    const entries = [];
    for (const role of roles) entries.push([role, await newOperator(t, `op-${role}`, role)] as const);
    sessions = Object.fromEntries(entries) as typeof sessions;
    const registered = allCalls.filter((c) =>
      t.app.hasRoute({ method: 'POST', url: operatorCalls.ADMIN_PREFIX + c.path }),
    );
    guarded = registered.filter((c) => !PUBLIC.has(c.path));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds the calls of every area, and this worktree registers most of them', () => {
    expect(allCalls.length).toBeGreaterThan(30);
    // Every call of these areas is registered.
    const missing = allCalls
      .filter((c) => !c.name.endsWith('(csv)'))
      .filter((c) => !t.app.hasRoute({ method: 'POST', url: operatorCalls.ADMIN_PREFIX + c.path }));
    expect(missing.map((c) => c.name)).toEqual([]);
    expect(guarded.map((c) => c.path)).toEqual(
      expect.arrayContaining(['/auth/me', '/auth/logout', '/operators/create', '/operators/list', '/balance/adjust']),
    );
  });

  it('a role the call does not list gets 403 operatorRoleRefused, and nothing changes', async () => {
    const before = await databaseDigest(t.db);
    let refusals = 0;
    for (const c of guarded) {
      for (const role of roles) {
        if (role === 'admin' || (c.roles as readonly string[]).includes(role)) continue;
        const res = await opCall(t.app, c, {}, { session: sessions[role].session });
        expect({ call: c.name, role, code: res.code, msg: res.msg }).toEqual({
          call: c.name,
          role,
          code: 403,
          msg: '您的角色无权进行此操作',
        });
        refusals += 1;
      }
    }
    expect(refusals).toBeGreaterThan(20);
    expect(await databaseDigest(t.db)).toEqual(before);
  });

  it('a player session, no header, or the CLI token from a browser: refused before the call', async () => {
    const player = await registerUser(t.app);
    const before = await databaseDigest(t.db);
    for (const c of guarded) {
      const asPlayer = await opCall(t.app, c, {}, { session: player });
      expect({ call: c.name, code: asPlayer.code }).toEqual({ call: c.name, code: 401 });
      const bare = await opCall(t.app, c, {});
      expect({ call: c.name, code: bare.code }).toEqual({ call: c.name, code: 401 });
      const browsers: Record<string, string>[] = [{ origin: 'https://example.com' }, { 'sec-fetch-mode': 'cors' }];
      for (const headers of browsers) {
        const browser = await opCall(t.app, c, {}, { token: ADMIN_TEST_TOKEN, headers });
        expect({ call: c.name, headers, code: browser.code, msg: browser.msg }).toEqual({
          call: c.name,
          headers,
          code: 403,
          msg: '操作员令牌只能用于命令行，请用账号登录后台',
        });
      }
    }
    expect(await databaseDigest(t.db)).toEqual(before);
  });

  it('an allowed role (and admin, for every call) gets past the guard', async () => {
    // Logout ends the session it is made with: last.
    const ordered = [...guarded].sort((a, b) => Number(a.path === '/auth/logout') - Number(b.path === '/auth/logout'));
    let passed = 0;
    for (const c of ordered) {
      for (const role of roles) {
        if (role !== 'admin' && !(c.roles as readonly string[]).includes(role)) continue;
        const res = await opCall(t.app, c, {}, { session: sessions[role].session });
        expect({ call: c.name, role, refused: res.code === 401 || res.code === 403 }).toEqual({
          call: c.name,
          role,
          refused: false,
        });
        passed += 1;
      }
    }
    expect(passed).toBeGreaterThan(guarded.length);
  });

  it('the login and setup-link calls need no session', async () => {
    for (const c of allCalls.filter((x) => PUBLIC.has(x.path))) {
      const res = await opCall(t.app, c, {});
      expect({ call: c.name, code: res.code }).toEqual({ call: c.name, code: 400 });
    }
  });
});
