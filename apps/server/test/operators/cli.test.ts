import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorsAdmin } from '@breakshot/contracts';
import { adminCli, CLI_TEST_TIMEOUT } from '../helpers/admin-cli.js';
import { OPERATOR_PASSWORD, opCall } from '../helpers/operators.js';
import type { TestApp } from '../helpers/test-app.js';
import { ADMIN_TEST_TOKEN, startWithdrawApp } from '../helpers/withdrawals.js';

describe('npm run admin -- create-operator', { timeout: CLI_TEST_TIMEOUT }, () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await startWithdrawApp();
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('creates an operator with the password from OPERATOR_PASSWORD, who can then log in', async () => {
    const res = await adminCli(url, ['create-operator', 'cli-made', 'risk'], ADMIN_TEST_TOKEN, {
      OPERATOR_PASSWORD,
    });
    expect(res.stderr).toBe('');
    expect(res).toMatchObject({ code: 0, stdout: expect.stringContaining('operator cli-made (risk) created') });
    expect(res.stdout + res.stderr).not.toContain(OPERATOR_PASSWORD);
    const login = await opCall(t.app, operatorsAdmin.login, { username: 'cli-made', password: OPERATOR_PASSWORD });
    expect(login.data.stage).toBe('totp_setup');

    const list = await adminCli(url, ['operators']);
    expect(list.stdout).toMatch(/cli-made\s+risk\s+active\s+set\s+not yet/);

    const again = await adminCli(url, ['create-operator', 'CLI-MADE', 'risk'], ADMIN_TEST_TOKEN, { OPERATOR_PASSWORD });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('409');
  });

  it('refuses a password on the command line, and asks for none without a terminal', async () => {
    const onLine = await adminCli(url, ['create-operator', 'x-op', 'risk', OPERATOR_PASSWORD]);
    expect(onLine.code).toBe(2);
    const noTty = await adminCli(url, ['create-operator', 'x-op', 'risk'], ADMIN_TEST_TOKEN, { OPERATOR_PASSWORD: '' });
    expect(noTty.code).toBe(2);
    expect(noTty.stderr).toContain('OPERATOR_PASSWORD');
    const badRole = await adminCli(url, ['create-operator', 'x-op', 'root'], ADMIN_TEST_TOKEN, { OPERATOR_PASSWORD });
    expect(badRole.code).toBe(2);
  });
});
