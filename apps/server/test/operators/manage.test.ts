import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorCalls, playersAdmin, operatorsAdmin } from '@breakshot/contracts';
import { adminCli, CLI_TEST_TIMEOUT } from '../helpers/admin-cli.js';
import { loginAgain, newOperator, opCall, OPERATOR_PASSWORD } from '../helpers/operators.js';
import type { TestApp } from '../helpers/test-app.js';
import { adminCall, startWithdrawApp } from '../helpers/withdrawals.js';

describe('managing operator accounts', { timeout: CLI_TEST_TIMEOUT }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startWithdrawApp();
  });
  afterAll(() => t.close());

  it('disabling ends the sessions at once and refuses login; enabling lets them in again; all audited', async () => {
    const boss = await newOperator(t, 'boss-1', 'admin');
    const clerk = await newOperator(t, 'clerk-1', 'finance');
    const off = await opCall(
      t.app,
      operatorsAdmin.operatorSetStatus,
      { username: 'CLERK-1', status: 'disabled', reason: '离职' },
      { session: boss.session },
    );
    expect(off).toMatchObject({ code: 200, data: { username: 'clerk-1', status: 'disabled', totp: true } });
    expect(await opCall(t.app, operatorsAdmin.me, {}, { session: clerk.session })).toMatchObject({ code: 401 });
    expect(await loginAgain(t, clerk)).toMatchObject({ code: 403 });

    await opCall(
      t.app,
      operatorsAdmin.operatorSetStatus,
      { username: 'clerk-1', status: 'active', reason: '返岗' },
      { session: boss.session },
    );
    expect(await loginAgain(t, clerk)).toMatchObject({ code: 200, data: { stage: 'done' } });

    const audit = (await adminCall(t.app, playersAdmin.auditList, { page: 1, pageSize: 5, target: 'clerk-1' })).data
      .list;
    expect(audit.map((a) => [a.operator, a.action, a.before?.status, a.after?.status, a.payload.reason])).toEqual([
      ['boss-1', 'operator.enable', 'disabled', 'active', '返岗'],
      ['boss-1', 'operator.disable', 'active', 'disabled', '离职'],
      [operatorCalls.ADMIN_TOKEN_IDENTITY, 'operator.create', undefined, undefined, undefined],
    ]);
  });

  it('an admin cannot disable themself; only admin may manage operators; an unknown name is 404', async () => {
    const boss = await newOperator(t, 'boss-2', 'admin');
    const risk = await newOperator(t, 'risk-2', 'risk');
    const self = await opCall(
      t.app,
      operatorsAdmin.operatorSetStatus,
      { username: 'boss-2', status: 'disabled', reason: 'x' },
      { session: boss.session },
    );
    expect(self).toMatchObject({ code: 422, msg: '不能停用自己的账号' });
    const byRisk = await opCall(
      t.app,
      operatorsAdmin.operatorResetTotp,
      { username: 'boss-2', reason: 'x' },
      { session: risk.session },
    );
    expect(byRisk).toMatchObject({ code: 403 });
    const nobody = await opCall(
      t.app,
      operatorsAdmin.operatorResetTotp,
      { username: 'nobody-here', reason: 'x' },
      { session: boss.session },
    );
    expect(nobody).toMatchObject({ code: 404 });
  });

  it('a TOTP reset (lost phone) ends the sessions and the next login enrolls a new authenticator', async () => {
    const boss = await newOperator(t, 'boss-3', 'admin');
    const lost = await newOperator(t, 'lost-3', 'content');
    const res = await opCall(
      t.app,
      operatorsAdmin.operatorResetTotp,
      { username: 'lost-3', reason: '手机丢失' },
      { session: boss.session },
    );
    expect(res).toMatchObject({ code: 200, data: { totp: false, status: 'active' } });
    expect(await opCall(t.app, operatorsAdmin.me, {}, { session: lost.session })).toMatchObject({ code: 401 });
    // The old authenticator's code no longer matters: the password alone leads to enrolment.
    const again = await opCall(t.app, operatorsAdmin.login, { username: 'lost-3', password: OPERATOR_PASSWORD });
    expect(again.data.stage).toBe('totp_setup');
    expect((again.data as { secret: string }).secret).not.toBe(lost.secret);
  });

  it('the CLI does the same', async () => {
    await newOperator(t, 'cli-4', 'risk');
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const off = await adminCli(url, ['operator-disable', 'cli-4', '调岗']);
    expect(off).toMatchObject({ code: 0, stdout: 'operator cli-4: disabled, TOTP set up\n' });
    const reset = await adminCli(url, ['operator-reset-totp', 'cli-4', '换手机']);
    expect(reset.stdout).toBe('operator cli-4: disabled, TOTP to be set up at the next login\n');
    const noReason = await adminCli(url, ['operator-enable', 'cli-4']);
    expect(noReason.code).toBe(2);
    expect((await adminCli(url, ['operator-enable', 'cli-4', '复职'])).stdout).toContain('active');
  });
});
