import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withdrawals } from '@breakshot/contracts';
import { rowCount } from '../helpers/wallet.js';
import { call, type TestApp } from '../helpers/test-app.js';
import { uploadPng } from '../helpers/uploads.js';
import {
  bindUsdt,
  erc20Address,
  FUND_PASSWORD,
  newTestPlayer,
  startWithdrawApp,
  trc20Address,
  type TestPlayer,
} from '../helpers/withdrawals.js';

const CARD = '6222021234567890128'; // 19 digits, Luhn-valid
const usdt = (address = trc20Address()) => ({
  type: 'usdt',
  network: 'TRC20',
  address,
  alias: '我的钱包',
  fundPassword: FUND_PASSWORD,
});
const wechat = {
  type: 'wechat',
  wechatId: 'wx_zhang88',
  realName: '张小三',
  // Well-formed; the tests that bind one upload a real code (uploadPng).
  qrImage: '/api/v9/files/AAAAAAAAAAAAAAAAAAAAAA.png',
  fundPassword: FUND_PASSWORD,
};
const bank = {
  type: 'bank',
  bankName: '招商银行',
  holder: '张小三',
  cardNumber: CARD,
  branch: '深圳南山支行',
  fundPassword: FUND_PASSWORD,
};
const alipay = { type: 'alipay', account: '13800138000', realName: '李四', fundPassword: FUND_PASSWORD };

describe('withdrawal accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startWithdrawApp();
  });
  afterAll(() => t.close());

  const add = (p: TestPlayer, body: object, lang?: string) =>
    call(t.app, withdrawals.addAccount, body, { token: p.token, ...(lang ? { lang } : {}) });
  const list = async (p: TestPlayer) => (await call(t.app, withdrawals.accounts, {}, { token: p.token })).data;

  it('binds each type and shows every one masked', async () => {
    const p = await newTestPlayer(t);
    const address = trc20Address();
    const qr = await uploadPng(t.app, p.token, 'wechat_qr');
    for (const body of [usdt(address), { ...wechat, qrImage: qr.url }, bank, alipay]) {
      expect((await add(p, body)).code).toBe(200);
    }
    const { list: accounts, defaultType } = await list(p);
    expect(defaultType).toBe('usdt');
    const byType = Object.fromEntries(accounts.map((a) => [a.type, a]));
    expect(byType.usdt).toMatchObject({
      masked: `${address.slice(0, 6)}…${address.slice(-4)}`,
      network: 'TRC20',
      alias: '我的钱包',
      isDefault: true,
    });
    expect(byType.wechat).toMatchObject({
      masked: 'wx****88',
      realName: '张*三',
      hasQrImage: true,
      qrImage: qr.url,
      isDefault: true,
    });
    expect(byType.bank).toMatchObject({
      masked: '****0128',
      holder: '张*三',
      bankName: '招商银行',
      branch: '深圳南山支行',
    });
    expect(byType.alipay).toMatchObject({ masked: '138****8000', realName: '李*' });
    const body = JSON.stringify(accounts);
    for (const secret of [address, CARD, 'wx_zhang88', '13800138000', '张小三', 'qr.png'])
      expect(body).not.toContain(secret);
  });

  it.each([
    ['a bad TRC20 address', usdt('T123'), 'address', '不是有效的 TRC20 地址（T 开头，共 34 位）'],
    ['an ERC20 address on TRC20', usdt(erc20Address()), 'address', '不是有效的 TRC20 地址（T 开头，共 34 位）'],
    [
      'a bad ERC20 address',
      { ...usdt(), network: 'ERC20', address: '0x12345' },
      'address',
      '不是有效的 ERC20 地址（0x 开头，共 42 位）',
    ],
    ['an unknown network', { ...usdt(), network: 'BEP20' }, 'network', undefined],
    ['a card failing Luhn', { ...bank, cardNumber: '6222021234567890129' }, 'cardNumber', '卡号有误，请核对'],
    ['a too short card', { ...bank, cardNumber: '12345678' }, 'cardNumber', '须为 12–19 位数字'],
    ['a bank not in the list', { ...bank, bankName: 'Fake Bank' }, 'bankName', undefined],
    ['a missing holder', { ...bank, holder: undefined }, 'holder', '必填'],
    ['a missing branch', { ...bank, branch: undefined }, 'branch', '必填'],
    ['an oversize alias', { ...usdt(), alias: 'x'.repeat(21) }, 'alias', '过长'],
    ['an oversize address', { ...usdt(), address: 'T'.repeat(65) }, 'address', '过长'],
    ['a numeric name', { ...alipay, realName: 12345 }, 'realName', '格式不正确'],
    ['a bad alipay account', { ...alipay, account: 'not-an-account' }, 'account', undefined],
    ['a bad wechat id', { ...wechat, wechatId: '1abc' }, 'wechatId', undefined],
    ['a QR that is no upload', { ...wechat, qrImage: 'javascript:alert(1)' }, 'qrImage', '不是已上传的图片'],
    ['a WeChat account without its payment code', { ...wechat, qrImage: undefined }, 'qrImage', '必填'],
    ['a QR code that was never uploaded', wechat, 'qrImage', undefined],
    ['a digit in a name', { ...wechat, realName: '张3' }, 'realName', undefined],
    ['an unknown type', { ...alipay, type: 'paypal' }, 'type', undefined],
    ['a missing fund password', { ...alipay, fundPassword: undefined }, 'fundPassword', '必填'],
    ['an unknown field', { ...alipay, extra: 1 }, 'extra', '包含未知字段'],
  ])('refuses %s → 400 naming the field, nothing written', async (_name, body, field, text) => {
    const p = await newTestPlayer(t);
    const before = await rowCount(t.db, 'withdrawal_accounts');
    const res = await add(p, body);
    expect(res).toMatchObject({ code: 400, data: { field } });
    if (text) expect(res.msg.split(': ')[1]).toBe(text);
    expect(await rowCount(t.db, 'withdrawal_accounts')).toBe(before);
  });

  it("refuses another player's payment code and an image uploaded as an avatar", async () => {
    const p = await newTestPlayer(t);
    const other = await newTestPlayer(t);
    const theirs = await uploadPng(t.app, other.token, 'wechat_qr');
    const avatar = await uploadPng(t.app, p.token, 'avatar');
    const before = await rowCount(t.db, 'withdrawal_accounts');
    for (const qrImage of [theirs.url, avatar.url]) {
      expect(await add(p, { ...wechat, qrImage })).toMatchObject({ code: 400, data: { field: 'qrImage' } });
    }
    expect(await rowCount(t.db, 'withdrawal_accounts')).toBe(before);
  });

  it('names the field in English too', async () => {
    const p = await newTestPlayer(t);
    const res = await add(p, { ...bank, cardNumber: '6222021234567890129' }, 'en');
    expect(res.msg).toBe('Card number: is not a valid card number');
  });

  it('refuses a duplicate (409) and a sixth account of a type (422)', async () => {
    const p = await newTestPlayer(t);
    const address = trc20Address();
    expect((await add(p, usdt(address))).code).toBe(200);
    expect(await add(p, usdt(address))).toMatchObject({ code: 409, msg: '该账户已绑定' });
    for (let i = 0; i < 4; i += 1) expect((await add(p, usdt())).code).toBe(200);
    expect(await add(p, usdt())).toMatchObject({ code: 422, msg: '该类型最多绑定 5 个账户' });
    expect((await list(p)).list.filter((a) => a.isDefault)).toHaveLength(1);
    // Another type still has room.
    expect((await add(p, alipay)).code).toBe(200);
  });

  it("another player's account id → 404, nothing changed", async () => {
    const owner = await newTestPlayer(t);
    const other = await newTestPlayer(t);
    const id = await bindUsdt(t, owner);
    const notFound = { code: 404, msg: '收款账户不存在' };
    expect(
      await call(t.app, withdrawals.deleteAccount, { id, fundPassword: FUND_PASSWORD }, { token: other.token }),
    ).toMatchObject(notFound);
    expect(
      await call(
        t.app,
        withdrawals.changeUsdt,
        { id, alias: 'mine', fundPassword: FUND_PASSWORD },
        { token: other.token },
      ),
    ).toMatchObject(notFound);
    expect(
      await call(t.app, withdrawals.setWithdrawType, { type: 'usdt', accountId: id }, { token: other.token }),
    ).toMatchObject(notFound);
    expect(
      await call(
        t.app,
        withdrawals.addWithdraw,
        { accountId: id, amount: 10_000, fundPassword: FUND_PASSWORD },
        { token: other.token },
      ),
    ).toMatchObject(notFound);
    expect((await list(owner)).list).toHaveLength(1);
  });

  it('sets the default method and account; deleting the default passes it on', async () => {
    const p = await newTestPlayer(t);
    const first = await bindUsdt(t, p);
    const second = await bindUsdt(t, p);
    expect((await add(p, alipay)).code).toBe(200);
    expect((await list(p)).defaultType).toBe('usdt');
    expect(await call(t.app, withdrawals.setWithdrawType, { type: 'bank' }, { token: p.token })).toMatchObject({
      code: 422,
    });
    expect(
      (await call(t.app, withdrawals.setWithdrawType, { type: 'usdt', accountId: second }, { token: p.token })).code,
    ).toBe(200);
    let accounts = (await list(p)).list;
    expect(accounts.find((a) => a.id === second)?.isDefault).toBe(true);
    expect(accounts.find((a) => a.id === first)?.isDefault).toBe(false);

    expect(
      (await call(t.app, withdrawals.deleteAccount, { id: second, fundPassword: FUND_PASSWORD }, { token: p.token }))
        .code,
    ).toBe(200);
    accounts = (await list(p)).list;
    expect(accounts.find((a) => a.id === first)?.isDefault).toBe(true);
    expect(
      (await call(t.app, withdrawals.deleteAccount, { id: first, fundPassword: FUND_PASSWORD }, { token: p.token }))
        .code,
    ).toBe(200);
    expect((await list(p)).defaultType).toBe('alipay');
  });

  it('changeUsdt checks the address against the network and masks the result', async () => {
    const p = await newTestPlayer(t);
    const id = await bindUsdt(t, p);
    const change = (body: object) =>
      call(t.app, withdrawals.changeUsdt, { id, fundPassword: FUND_PASSWORD, ...body }, { token: p.token });
    expect(await change({ network: 'ERC20' })).toMatchObject({ code: 400, data: { field: 'address' } });
    expect(await change({ network: 'ERC20', address: trc20Address() })).toMatchObject({
      code: 400,
      data: { field: 'address' },
    });
    const address = erc20Address();
    expect((await change({ network: 'ERC20', address, alias: '冷钱包' })).code).toBe(200);
    const [account] = (await list(p)).list;
    expect(account).toMatchObject({
      network: 'ERC20',
      alias: '冷钱包',
      masked: `${address.slice(0, 6)}…${address.slice(-4)}`,
    });
    expect(await change({ fundPassword: '000000', alias: 'x' })).toMatchObject({
      code: 400,
      data: { field: 'fundPassword' },
    });
  });
});
