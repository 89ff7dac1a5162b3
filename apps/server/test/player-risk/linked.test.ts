import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, playerRiskAdmin, security, withdrawals, withdrawalsAdmin } from '@breakshot/contracts';
import { tableNames } from '../helpers/counts.js';
import { bindTestMobile, sendAndRead, uniqueMobile } from '../helpers/security.js';
import { call, captchaId, PASSWORD, TEST_CAPTCHA, uniqueName, type TestApp } from '../helpers/test-app.js';
import { tablesHolding } from '../trust/sessions/tokens.js';
import { adminCall, FUND_PASSWORD, fund, luhnCard, newTestPlayer, startWithdrawApp } from '../helpers/withdrawals.js';

/*
 * Linked accounts (docs/design.md §9, "Linked accounts"): players who share a device, an address
 * within 30 days, a withdrawal account or a mobile are listed on each other's page, with why, and
 * flagged on their withdrawals; account numbers are compared by a keyed hash, never kept in clear.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startWithdrawApp();
});
afterAll(() => t.close());

const newDevice = () => `dev-${randomInt(1e9)}-${randomInt(1e9)}-test`;
let lastOctet = 0;
const newAddress = () => `203.0.113.${(lastOctet += 1) % 250}`;

/** Registers a player from this device and address; its id and token. */
async function registerFrom(from: { device?: string; ip?: string }) {
  const res = await call(
    t.app,
    auth.register,
    { username: uniqueName('lk'), password: PASSWORD, captchaId: await captchaId(t.app), captchaCode: TEST_CAPTCHA },
    from,
  );
  expect(res.code, res.msg).toBe(200);
  const info = await call(t.app, auth.userInfo, {}, { token: res.data.token });
  return { userId: info.data.id, username: info.data.username, token: res.data.token };
}

async function linksOf(userId: number) {
  const res = await adminCall(t.app, playerRiskAdmin.playerLinks, { userId });
  expect(res.code, res.msg).toBe(200);
  return res.data;
}
const reasonsWith = async (userId: number, otherId: number) =>
  (await linksOf(userId)).list.find((l) => l.userId === otherId)?.reasons ?? [];

const bindCard = async (token: string, cardNumber: string, holder = '张小三') => {
  const res = await call(
    t.app,
    withdrawals.addAccount,
    { type: 'bank', bankName: '招商银行', holder, cardNumber, branch: '深圳南山支行', fundPassword: FUND_PASSWORD },
    { token },
  );
  expect(res.code, res.msg).toBe(200);
  return res.data.id;
};

describe('linked accounts', () => {
  it('two players registered from one device are linked, both ways; a third on another device is not', async () => {
    const device = newDevice();
    const a = await registerFrom({ device });
    const b = await registerFrom({ device });
    const c = await registerFrom({ device: newDevice() });
    expect(await reasonsWith(a.userId, b.userId)).toEqual(['device']);
    expect(await reasonsWith(b.userId, a.userId)).toEqual(['device']);
    expect(await linksOf(c.userId)).toEqual({ list: [], total: 0 });
  });

  it('two players who bound one bank card are linked, and still after it is unbound', async () => {
    const a = await newTestPlayer(t);
    const b = await newTestPlayer(t);
    const card = luhnCard();
    await bindCard(a.token, card);
    const theirs = await bindCard(b.token, card);
    expect(await linksOf(a.userId)).toMatchObject({ list: [{ userId: b.userId, reasons: ['account'] }], total: 1 });
    const unbound = await call(
      t.app,
      withdrawals.deleteAccount,
      { id: theirs, fundPassword: FUND_PASSWORD },
      { token: b.token },
    );
    expect(unbound.code, unbound.msg).toBe(200);
    expect(await reasonsWith(a.userId, b.userId)).toEqual(['account']);
  });

  it('logins from one address link players for 30 days; the server’s own address links nobody', async () => {
    const ip = newAddress();
    const a = await registerFrom({ ip, device: newDevice() });
    t.clock.advance(29 * 86_400_000);
    const b = await registerFrom({ ip, device: newDevice() });
    expect(await reasonsWith(a.userId, b.userId)).toEqual(['address']);
    t.clock.advance(2 * 86_400_000);
    expect(await reasonsWith(a.userId, b.userId)).toEqual([]);

    const local = await registerFrom({ ip: '127.0.0.1', device: newDevice() });
    const alsoLocal = await registerFrom({ ip: '127.0.0.1', device: newDevice() });
    expect(await reasonsWith(local.userId, alsoLocal.userId)).toEqual([]);
  });

  it('a mobile one player changed away from and another then bound links the two', async () => {
    const a = await newTestPlayer(t);
    const b = await newTestPlayer(t);
    const mobile = uniqueMobile();
    await bindTestMobile(t, a.token, mobile);
    const next = uniqueMobile();
    const oldCode = await sendAndRead(t, a.token, { purpose: 'change' }, mobile);
    const code = await sendAndRead(t, a.token, { purpose: 'bind', mobile: next }, next);
    const changed = await call(t.app, security.changeMobile, { oldCode, mobile: next, code }, { token: a.token });
    expect(changed.code, changed.msg).toBe(200);
    t.clock.advance(security.SMS_RESEND_SECONDS * 1000);
    await bindTestMobile(t, b.token, mobile);
    expect(await reasonsWith(b.userId, a.userId)).toEqual(['mobile']);
  });

  it('lists every reason a pair shares, the most shared first, with the other player’s tags', async () => {
    const device = newDevice();
    const ip = newAddress();
    const a = await registerFrom({ device, ip });
    const b = await registerFrom({ device, ip });
    const c = await registerFrom({ device });
    await adminCall(t.app, playerRiskAdmin.playerTagsSet, { userId: b.userId, tags: ['bonus_hunter'] });
    const links = await linksOf(a.userId);
    expect(links.total).toBe(2);
    expect(links.list).toEqual([
      { userId: b.userId, username: b.username, reasons: ['device', 'address'], tags: ['bonus_hunter'] },
      { userId: c.userId, username: c.username, reasons: ['device'], tags: [] },
    ]);
  });

  it('flags a linked player’s withdrawal in the queue, with how many are linked', async () => {
    const a = await newTestPlayer(t);
    const b = await newTestPlayer(t);
    const loner = await newTestPlayer(t);
    const card = luhnCard();
    const accountId = await bindCard(a.token, card);
    await bindCard(b.token, card);
    const lonerAccount = await bindCard(loner.token, luhnCard());
    for (const [p, id] of [
      [a, accountId],
      [loner, lonerAccount],
    ] as const) {
      await fund(t, p.username, 50_000);
      const res = await call(
        t.app,
        withdrawals.addWithdraw,
        { accountId: id, amount: 20_000, fundPassword: FUND_PASSWORD },
        { token: p.token },
      );
      expect(res.code, res.msg).toBe(200);
    }
    const queue = await adminCall(t.app, withdrawalsAdmin.withdrawalsList, { page: 1, pageSize: 50 });
    const rowOf = (userId: number) => queue.data.list.find((w) => w.userId === userId)!;
    expect(rowOf(a.userId)).toMatchObject({ linkedPlayers: 1, account: { cardNumber: card } });
    expect(rowOf(a.userId).risk).toContain('linked_accounts');
    expect(rowOf(loner.userId)).toMatchObject({ linkedPlayers: 0 });
    expect(rowOf(loner.userId).risk).not.toContain('linked_accounts');

    // The number is sealed where it is kept in full, and never kept in clear.
    const tables = await tableNames(t.db);
    expect(await tablesHolding(t.db, tables, card)).toEqual([]);
    expect(await tablesHolding(t.db, tables, card.slice(0, 12))).toEqual([]);
  });

  it('an unknown player is 404', async () => {
    const res = await adminCall(t.app, playerRiskAdmin.playerLinks, { userId: 999_999_999 });
    expect(res.code).toBe(404);
  });
});
