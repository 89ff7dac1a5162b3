import { describe, expect, it } from 'vitest';
import {
  accountSummary,
  maskAddress,
  maskLogin,
  maskedIdentifier,
  maskName,
  payoutAccount,
  toWithdrawAccount,
} from '../../src/modules/withdrawals/masking.js';
import type { WithdrawalAccountRow } from '../../src/modules/withdrawals/tables.js';

/** What players see of their accounts is masked; what the paying operator sees is whole. */

/** A stored account of this number: its masked form as the row keeps it (the number itself is sealed there). */
function row(over: Partial<WithdrawalAccountRow>): WithdrawalAccountRow {
  const stored: WithdrawalAccountRow = {
    id: 1,
    userId: 7,
    type: 'usdt',
    identifier: 'TXyz1234567890abcdef',
    identifierHash: null,
    masked: null,
    network: 'TRC20',
    alias: null,
    realName: null,
    bankName: null,
    branch: null,
    qrImage: null,
    isDefault: true,
    createdAt: new Date('2026-01-02T03:04:05Z'),
    ...over,
  };
  return { ...stored, masked: maskedIdentifier(stored) };
}
/** The paying operator's view of a row whose number is its identifier. */
const payout = (r: WithdrawalAccountRow) => payoutAccount(r, r.identifier);

describe('masks', () => {
  it('addresses keep their first 6 and last 4, short ones stay whole', () => {
    expect(maskAddress('TXyz1234567890abcdef')).toBe('TXyz12…cdef');
    expect(maskAddress('0123456789')).toBe('0123456789');
    expect(maskAddress('0123456789a')).toBe('012345…789a');
  });

  it('names keep their first and last character', () => {
    expect(maskName('')).toBe('*');
    expect(maskName('张')).toBe('*');
    expect(maskName('张三')).toBe('张*');
    expect(maskName('张三丰')).toBe('张*丰');
    expect(maskName('Li Lei')).toBe('L****i');
  });

  it('logins: mobiles 3+4, e-mails first letter and domain, others 2+2, short ones all stars', () => {
    expect(maskLogin('13800138000')).toBe('138****8000');
    expect(maskLogin('x13800138000')).toBe('x1****00');
    expect(maskLogin('138001380001')).toBe('13****01');
    expect(maskLogin('alice@example.com')).toBe('a***@example.com');
    expect(maskLogin('@handle')).toBe('@h****le');
    expect(maskLogin('abcd')).toBe('****');
    expect(maskLogin('abcde')).toBe('ab****de');
  });
});

describe('accounts', () => {
  it('players see each type masked', () => {
    expect(toWithdrawAccount(row({}))).toMatchObject({ type: 'usdt', masked: 'TXyz12…cdef', network: 'TRC20' });
    expect(toWithdrawAccount(row({ type: 'wechat', identifier: 'wxid_abcdef', realName: '张三丰' }))).toEqual({
      id: 1,
      type: 'wechat',
      masked: 'wx****ef',
      realName: '张*丰',
      hasQrImage: false,
      qrImage: null,
      isDefault: true,
      createdAt: '2026-01-02T03:04:05.000Z',
    });
    expect(
      toWithdrawAccount(row({ type: 'wechat', identifier: 'wxid_abcdef', qrImage: 'data:image/png;base64,AA' })),
    ).toMatchObject({ hasQrImage: true });
    expect(
      toWithdrawAccount(row({ type: 'bank', identifier: '6222020202020202', realName: '李四', bankName: '工商银行' })),
    ).toMatchObject({ type: 'bank', masked: '****0202', holder: '李*', bankName: '工商银行', branch: '' });
  });

  it('an order keeps the masked account, and the name only where there is one', () => {
    expect(accountSummary(row({ type: 'alipay', identifier: 'alice@example.com', realName: '王五' }))).toEqual({
      type: 'alipay',
      masked: 'a***@example.com',
      network: 'TRC20',
      bankName: null,
      name: '王*',
      alias: null,
    });
    expect(accountSummary(row({})).name).toBeNull();
  });

  it('the operator who pays sees every type whole', () => {
    expect(payout(row({ alias: 'cold' }))).toEqual({
      type: 'usdt',
      network: 'TRC20',
      address: 'TXyz1234567890abcdef',
      alias: 'cold',
    });
    expect(payout(row({ type: 'wechat', identifier: 'wxid_abcdef', realName: '张三丰', qrImage: 'q' }))).toEqual({
      type: 'wechat',
      wechatId: 'wxid_abcdef',
      realName: '张三丰',
      qrImage: 'q',
    });
    expect(
      payout(
        row({ type: 'bank', identifier: '6222020202020202', realName: '李四', bankName: '工商银行', branch: '朝阳' }),
      ),
    ).toEqual({ type: 'bank', bankName: '工商银行', holder: '李四', cardNumber: '6222020202020202', branch: '朝阳' });
    expect(payout(row({ type: 'alipay', identifier: 'alice@example.com' }))).toEqual({
      type: 'alipay',
      account: 'alice@example.com',
      realName: undefined,
    });
  });
});
