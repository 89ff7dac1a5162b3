import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityAdmin } from '@breakshot/contracts';
import { adminCli, CLI_TEST_TIMEOUT } from '../helpers/admin-cli.js';
import { newOperator, opCall, type LoggedInOperator } from '../helpers/operators.js';
import { registerUser, startTestApp, uniqueName, type TestApp } from '../helpers/test-app.js';
import { ADMIN_TEST_TOKEN } from '../helpers/withdrawals.js';
import { lastCode, sendAndRead, uniqueMobile } from '../helpers/security.js';

describe('the SMS outbox for operators', { timeout: CLI_TEST_TIMEOUT }, () => {
  let t: TestApp;
  let url: string;
  const ops = {} as Record<'risk' | 'finance' | 'content' | 'admin', LoggedInOperator>;
  beforeAll(async () => {
    t = await startTestApp({ adminToken: ADMIN_TEST_TOKEN });
    for (const role of ['risk', 'finance', 'content', 'admin'] as const)
      ops[role] = await newOperator(t, `sms-${role}`, role);
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('risk and admin read the messages with their codes, newest first, filtered by mobile; finance and content may not', async () => {
    const token = await registerUser(t.app, uniqueName('ob'));
    const mobile = uniqueMobile();
    const code = await sendAndRead(t, token, { purpose: 'bind', mobile }, mobile);
    const other = uniqueMobile();
    await sendAndRead(t, await registerUser(t.app, uniqueName('ob')), { purpose: 'bind', mobile: other }, other);
    for (const role of ['risk', 'admin'] as const) {
      const res = await opCall(
        t.app,
        securityAdmin.smsOutbox,
        { mobile: mobile.slice(3) },
        { session: ops[role].session },
      );
      expect(res.code).toBe(200);
      expect(res.data.total).toBe(1);
      expect(res.data.list[0]).toMatchObject({ mobile, text: expect.stringContaining(code) });
    }
    const all = await opCall(t.app, securityAdmin.smsOutbox, {}, { session: ops.risk.session });
    expect(all.data.total).toBe(2);
    expect(all.data.list[1]?.mobile).toBe(mobile);
    for (const role of ['finance', 'content'] as const) {
      const res = await opCall(t.app, securityAdmin.smsOutbox, {}, { session: ops[role].session });
      expect(res).toMatchObject({ code: 403, msg: '您的角色无权进行此操作' });
    }
    const player = await opCall(t.app, securityAdmin.smsOutbox, {}, { session: token });
    expect(player.code).toBe(401);
  });

  it('npm run admin -- sms-outbox [mobile] prints them', async () => {
    const token = await registerUser(t.app, uniqueName('ob'));
    const mobile = uniqueMobile();
    await sendAndRead(t, token, { purpose: 'bind', mobile }, mobile);
    const code = await lastCode(t, mobile);
    const out = await adminCli(url, ['sms-outbox', mobile]);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/at\s+mobile\s+text/);
    expect(out.stdout).toContain(`${mobile}  【Breakshot】验证码 ${code}`);
    const bad = await adminCli(url, ['sms-outbox', 'abc']);
    expect(bad.code).toBe(2);
  });
});
