import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { passcodeInput } from '../../test/render';
import { AccountForm } from './account-form';
import { ACCOUNT_TYPES } from './account-types';

const VALID_TRC20 = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const VALID_CARD = '6222021234567890128'; // passes Luhn
const BAD_CARD = '6222021234567890127';

function setup(type: keyof typeof ACCOUNT_TYPES) {
  const onSubmit = vi.fn(async () => {});
  const view = render(
    <AccountForm config={ACCOUNT_TYPES[type]} onSubmit={onSubmit} submitLabel="确认绑定" busyLabel="绑定中…" />,
  );
  const input = (name: string) => screen.getByTestId(`field-${name}-input`) as HTMLInputElement;
  const error = (name: string) => screen.queryByTestId(`field-${name}-error`)?.textContent ?? null;
  const type_ = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });
  const fund = (value: string) =>
    fireEvent.change(passcodeInput(view.container, 'field-fundPassword'), { target: { value } });
  return { onSubmit, input, error, type: type_, fund };
}

describe('account forms validate with the contract schemas as the user types', () => {
  it('USDT: a bad TRC20 address shows the TRC20 message; switching to ERC20 checks that format', async () => {
    const f = setup('usdt');
    expect(f.error('address')).toBeNull(); // untouched: no message yet
    f.type('address', 'T123');
    expect(f.error('address')).toBe('不是有效的 TRC20 地址（T 开头，共 34 位）');
    f.type('address', VALID_TRC20);
    expect(f.error('address')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'ERC20' }));
    expect(f.error('address')).toBe('不是有效的 ERC20 地址（0x 开头，共 42 位）');
    fireEvent.click(screen.getByRole('radio', { name: 'TRC20' }));
    f.fund('123456');
    await act(async () => fireEvent.click(screen.getByTestId('account-submit')));
    expect(f.onSubmit).toHaveBeenCalledWith({
      type: 'usdt',
      network: 'TRC20',
      address: VALID_TRC20,
      fundPassword: '123456',
    });
  });

  it('bank: a card failing Luhn shows the message; submit is refused until every field is valid', async () => {
    const f = setup('bank');
    f.type('cardNumber', BAD_CARD);
    expect(f.error('cardNumber')).toBe('卡号有误，请核对');
    f.type('cardNumber', '62220 2x'); // non-digits are dropped while typing
    expect(f.input('cardNumber').value).toBe('622202');
    expect(f.error('cardNumber')).toBe('须为 12–19 位数字');
    await act(async () => fireEvent.click(screen.getByTestId('account-submit')));
    expect(f.onSubmit).not.toHaveBeenCalled();
    expect(f.error('bankName')).toBe('请从列表中选择银行');
    expect(f.error('holder')).toBe('须为 2–30 个汉字或字母');
    expect(screen.getByTestId('field-fundPassword-error').textContent).toBe('须为 6 位数字');

    fireEvent.change(screen.getByTestId('field-bankName-input'), { target: { value: '招商银行' } });
    f.type('holder', '张三');
    f.type('cardNumber', VALID_CARD);
    f.type('branch', '北京朝阳支行');
    f.fund('654321');
    expect(f.error('cardNumber')).toBeNull();
    await act(async () => fireEvent.click(screen.getByTestId('account-submit')));
    expect(f.onSubmit).toHaveBeenCalledWith({
      type: 'bank',
      bankName: '招商银行',
      holder: '张三',
      cardNumber: VALID_CARD,
      branch: '北京朝阳支行',
      fundPassword: '654321',
    });
  });

  it('WeChat and Alipay: ID and account formats, real name', () => {
    const w = setup('wechat');
    w.type('wechatId', '1abc');
    expect(w.error('wechatId')).toBe('须为 6–20 位字母、数字、_ 或 -，字母开头；或绑定的手机号');
    w.type('wechatId', 'wx_player01');
    expect(w.error('wechatId')).toBeNull();
    w.type('realName', '张');
    expect(w.error('realName')).toBe('须为 2–30 个汉字或字母');
  });

  it('WeChat: the payment code is required; a picked image is uploaded and its URL sent', async () => {
    const url = '/api/v9/files/AbCdEfGhIjKlMnOpQrStUv.png';
    const api = fakeApi({ '/upload': () => ({ code: 200, data: { id: 'AbCdEfGhIjKlMnOpQrStUv', url } }) });
    const w = setup('wechat');
    w.type('wechatId', 'wx_player01');
    w.type('realName', '张三');
    w.fund('123456');
    await act(async () => fireEvent.click(screen.getByTestId('account-submit')));
    expect(w.onSubmit).not.toHaveBeenCalled();
    expect(w.error('qrImage')).toBe('必填');

    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('field-qrImage-file'), { target: { files: [big] } });
    expect(await screen.findByText('图片不能超过 2 MB')).toBeTruthy();
    expect(api.count('/upload')).toBe(0);

    const png = new File([new Uint8Array([137, 80, 78, 71])], 'qr.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('field-qrImage-file'), { target: { files: [png] } });
    await waitFor(() => expect(screen.getByAltText('微信收款码').getAttribute('src')).toBe(url));
    expect(api.bodies('/upload')).toMatchObject([{ purpose: 'wechat_qr' }]);
    await act(async () => fireEvent.click(screen.getByTestId('account-submit')));
    expect(w.onSubmit).toHaveBeenCalledWith({
      type: 'wechat',
      wechatId: 'wx_player01',
      realName: '张三',
      qrImage: url,
      fundPassword: '123456',
    });
  });

  it('Alipay: account must be a mobile or an e-mail', () => {
    const a = setup('alipay');
    a.type('account', 'not-an-account');
    expect(a.error('account')).toBe('须为手机号或邮箱');
    a.type('account', 'player@example.com');
    expect(a.error('account')).toBeNull();
  });

  it('shows the server message under the field it names and cannot be submitted twice', async () => {
    let reject!: (e: unknown) => void;
    const onSubmit = vi.fn(() => new Promise<void>((_r, rj) => (reject = rj)));
    const view = render(
      <AccountForm config={ACCOUNT_TYPES.alipay} onSubmit={onSubmit} submitLabel="确认绑定" busyLabel="绑定中…" />,
    );
    fireEvent.change(screen.getByTestId('field-account-input'), { target: { value: '13800138000' } });
    fireEvent.change(screen.getByTestId('field-realName-input'), { target: { value: '李四' } });
    fireEvent.change(passcodeInput(view.container, 'field-fundPassword'), { target: { value: '111111' } });
    await act(async () => fireEvent.click(screen.getByTestId('account-submit')));
    const btn = screen.getByTestId('account-submit') as HTMLButtonElement;
    expect(btn.disabled).toBe(true);
    expect(btn.textContent).toBe('绑定中…');
    await act(async () => fireEvent.click(btn));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await act(async () => reject({ code: 400, msg: '资金密码错误，还可尝试 4 次', data: { field: 'fundPassword' } }));
    await waitFor(() =>
      expect(screen.getByTestId('field-fundPassword-error').textContent).toBe('资金密码错误，还可尝试 4 次'),
    );
  });
});
