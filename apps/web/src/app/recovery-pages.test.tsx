import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from './test-utils';
import { live, useSession } from '../lib/session';
import { storage, TOKEN_KEY } from '../lib/storage';
import { fakeAppApi } from '../test/fake-api';

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(() => {
  live.close();
  cleanup();
  vi.unstubAllGlobals();
});

describe('/newpass', () => {
  beforeEach(() => useSession.setState({ token: null, userInfo: null }));
  const withToken = { pathname: '/newpass', state: { resetToken: 'reset-tok-1' } };

  it('sends the token and the new password, then goes to /login', async () => {
    const api = fakeAppApi({ '/forgetPassword': () => ({ code: 200, data: {} }) });
    const { router } = renderApp(withToken);
    await screen.findByTestId('newpass-submit');
    type('新密码', 'newpass456');
    type('确认密码', 'newpass456');
    fireEvent.click(screen.getByTestId('newpass-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.bodies('/forgetPassword')).toEqual([
      { step: 'reset', resetToken: 'reset-tok-1', password: 'newpass456' },
    ]);
  });

  it('a confirmation that differs, or a password against the rules, is shown and nothing is sent', async () => {
    const api = fakeAppApi({ '/forgetPassword': () => ({ code: 200, data: {} }) });
    renderApp(withToken);
    await screen.findByTestId('newpass-submit');
    type('新密码', 'newpass456');
    type('确认密码', 'newpass457');
    fireEvent.click(screen.getByTestId('newpass-submit'));
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
    type('新密码', 'short');
    expect(await screen.findByText('须为 8–20 位')).toBeTruthy();
    expect(api.count('/forgetPassword')).toBe(0);
  });

  it('a player logged in on this browser is logged out here too (the server ended every session)', async () => {
    fakeAppApi({ '/forgetPassword': () => ({ code: 200, data: {} }) });
    storage.set(TOKEN_KEY, 'old-session');
    useSession.setState({ token: 'old-session' });
    const { router } = renderApp(withToken);
    await screen.findByTestId('newpass-submit');
    type('新密码', 'newpass456');
    type('确认密码', 'newpass456');
    fireEvent.click(screen.getByTestId('newpass-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(storage.get(TOKEN_KEY)).toBeNull();
    expect(useSession.getState().token).toBeNull();
  });

  it('a used or expired token: says so, offers to verify again, and the form is off', async () => {
    fakeAppApi({
      '/forgetPassword': () => ({ code: 400, msg: '重置已失效，请重新验证手机', data: { field: 'resetToken' } }),
    });
    renderApp(withToken);
    await screen.findByTestId('newpass-submit');
    type('新密码', 'newpass456');
    type('确认密码', 'newpass456');
    fireEvent.click(screen.getByTestId('newpass-submit'));
    expect((await screen.findByTestId('newpass-alert')).textContent).toBe('重置已失效，请重新验证手机');
    expect(screen.getByTestId('newpass-no-token')).toBeTruthy();
    expect((screen.getByTestId('newpass-submit') as HTMLButtonElement).disabled).toBe(true);
  });

  it('opened without a token: sends to /wangjipass', async () => {
    fakeAppApi({});
    const { router } = renderApp('/newpass');
    expect(((await screen.findByTestId('newpass-submit')) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(await screen.findByTestId('newpass-restart'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/wangjipass'));
  });
});

describe('/wangjipass', () => {
  beforeEach(() => useSession.setState({ token: null, userInfo: null }));

  it('sends the code with the captcha, verifies, and opens /newpass with the token', async () => {
    const api = fakeAppApi({
      '/user/edit/sendSmsCode': () => ({ code: 200, data: { resendAfter: 60, expiresIn: 300 } }),
      '/forgetPassword': () => ({ code: 200, data: { resetToken: 'tok-9', expiresIn: 900 } }),
    });
    const { router } = renderApp('/wangjipass');
    await screen.findByTestId('captcha-image');
    type('用户名', 'player01');
    type('绑定手机号', '138-0013-8000');
    // No captcha yet: the send is refused on the page.
    fireEvent.click(screen.getByTestId('sms-code-send'));
    expect(await screen.findByText('必填')).toBeTruthy();
    expect(api.count('/user/edit/sendSmsCode')).toBe(0);

    type('验证码', '2468');
    fireEvent.click(screen.getByTestId('sms-code-send'));
    await waitFor(() => expect(api.count('/user/edit/sendSmsCode')).toBe(1));
    expect(api.bodies('/user/edit/sendSmsCode')[0]).toEqual({
      purpose: 'reset',
      username: 'player01',
      mobile: '13800138000',
      captchaId: expect.any(String),
      captchaCode: '2468',
    });
    expect(await screen.findByText('60 秒后重发')).toBeTruthy();
    // The captcha was used: a new one, and its input is empty.
    await waitFor(() => expect(api.count('/captcha/getCode')).toBe(2));
    expect((screen.getByLabelText('验证码') as HTMLInputElement).value).toBe('');

    type('短信验证码', '123456');
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/newpass'));
    expect(router.state.location.state).toEqual({ resetToken: 'tok-9' });
    expect(api.bodies('/forgetPassword')).toEqual([
      { step: 'verify', username: 'player01', mobile: '13800138000', code: '123456' },
    ]);
  });

  it('a wrong SMS code shows under its field', async () => {
    fakeAppApi({
      '/forgetPassword': () => ({ code: 400, msg: '验证码错误，还可尝试 4 次', data: { field: 'code' } }),
    });
    renderApp('/wangjipass');
    await screen.findByTestId('captcha-image');
    type('用户名', 'player01');
    type('绑定手机号', '13800138000');
    type('短信验证码', '123456');
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect((await screen.findByTestId('sms-code-error')).textContent).toBe('验证码错误，还可尝试 4 次');
  });
});
