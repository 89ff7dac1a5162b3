import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorCalls, operatorsAdmin } from '@breakshot/contracts';
import { queryRows } from '../../src/platform/db.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { ADMIN_TEST_TOKEN } from '../helpers/withdrawals.js';
import { createOperator, OPERATOR_PASSWORD, opCall } from '../helpers/operators.js';

describe('operator accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ adminToken: ADMIN_TEST_TOKEN });
  });
  afterAll(async () => {
    await t.close();
  });

  const operatorCount = async () =>
    (await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM operators`))[0]?.n;

  it('creates an operator with an argon2id hash, audited under who did it', async () => {
    const res = await opCall(
      t.app,
      operatorsAdmin.operatorCreate,
      { username: 'Alice.Fin', password: OPERATOR_PASSWORD, role: 'finance' },
      { token: ADMIN_TEST_TOKEN },
    );
    expect(res).toEqual({ code: 200, msg: 'ok', data: { username: 'Alice.Fin', role: 'finance' } });
    const [row] = await queryRows<{ password_hash: string; totp_secret: string | null }>(
      t.db,
      sql`SELECT password_hash, totp_secret FROM operators WHERE username = 'Alice.Fin'`,
    );
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    expect(row?.totp_secret).toBeNull();
    const audit = await queryRows<{ operator: string; target: string; payload: unknown }>(
      t.db,
      sql`SELECT operator, target, payload FROM admin_audit WHERE action = 'operator.create'`,
    );
    expect(audit).toEqual([
      { operator: operatorCalls.ADMIN_TOKEN_IDENTITY, target: 'Alice.Fin', payload: { role: 'finance' } },
    ]);
    expect(JSON.stringify(audit)).not.toContain(OPERATOR_PASSWORD);

    const list = await opCall(t.app, operatorsAdmin.operatorsList, {}, { token: ADMIN_TEST_TOKEN });
    expect(list.data.list).toEqual([
      {
        username: 'Alice.Fin',
        role: 'finance',
        status: 'active',
        passwordSet: true,
        totp: false,
        createdAt: expect.any(String),
      },
    ]);
  });

  it('a name taken in any case: 409, nothing written', async () => {
    const before = await operatorCount();
    for (const username of ['alice.fin', 'ALICE.FIN', ' Alice.Fin ']) {
      const res = await createOperator(t, username, 'risk');
      expect(res).toMatchObject({ code: 409, msg: '该操作员用户名已存在' });
    }
    // At the same time: one is created.
    const both = await Promise.all([createOperator(t, 'Twin-op', 'risk'), createOperator(t, 'twin-OP', 'content')]);
    expect(both.map((r) => r.code).sort()).toEqual([200, 409]);
    expect(await operatorCount()).toBe((before ?? 0) + 1);
  });

  it('a short or weak password, a bad name or role: 400 naming the field, nothing written', async () => {
    const before = await operatorCount();
    const cases: [object, string][] = [
      [{ username: 'bob-op', password: 'short1', role: 'risk' }, '密码: 至少 12 位'],
      [{ username: 'bob-op', password: 'abcdefghijklmnop', role: 'risk' }, '密码: 须包含字母，以及数字或符号'],
      [{ username: 'bob-op', password: '1234567890123456', role: 'risk' }, '密码: 须包含字母，以及数字或符号'],
      [
        { username: 'b', password: OPERATOR_PASSWORD, role: 'risk' },
        '用户名: 须为 3–32 位字母、数字、点、下划线或连字符',
      ],
      [
        { username: 'bob op', password: OPERATOR_PASSWORD, role: 'risk' },
        '用户名: 须为 3–32 位字母、数字、点、下划线或连字符',
      ],
      [{ username: 'bob-op', password: OPERATOR_PASSWORD, role: 'root' }, '角色: 无效'],
    ];
    for (const [body, msg] of cases) {
      const res = await opCall(t.app, operatorsAdmin.operatorCreate, body, { token: ADMIN_TEST_TOKEN });
      expect({ body, code: res.code, msg: res.msg }).toEqual({ body, code: 400, msg });
    }
    expect(await operatorCount()).toBe(before);
  });
});
