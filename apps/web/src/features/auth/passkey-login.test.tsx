import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { startAuthentication } from '@simplewebauthn/browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../lib/session';
import { storage, TOKEN_KEY } from '../../lib/storage';
import { demoUser, fakeApi } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import LoginPage from './login-page';

vi.mock('@simplewebauthn/browser', () => ({ startAuthentication: vi.fn() }));

const assertion = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'YXV0aA', signature: 'c2ln', userHandle: 'MQ' },
  clientExtensionResults: {},
};

/** /login over a fake server whose passkey login answers `answer`. */
function loginPage(answer: { code: number; msg?: string; data?: unknown }) {
  const api = fakeApi({
    '/captcha/getCode': () => ({ code: 200, data: { captchaId: 'c1', image: 'data:image/png;base64,AA' } }),
    '/passkey/loginOptions': () => ({ code: 200, data: { options: { challenge: 'xyz' } } }),
    '/passkey/login': () => answer,
    '/user/info': () => ({ code: 200, data: demoUser }),
  });
  renderAt(<LoginPage />, '/login-page', '/login-page');
  return api;
}

describe('/login: 使用通行密钥登录', () => {
  beforeEach(() => {
    storage.remove(TOKEN_KEY);
    useSession.setState({ token: null, userInfo: null });
    Object.assign(window, { PublicKeyCredential: function PublicKeyCredential() {} });
    vi.mocked(startAuthentication).mockReset();
  });
  afterEach(() => {
    delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
  });

  it('logs in with the passkey the device offers: no username, password or captcha', async () => {
    vi.mocked(startAuthentication).mockResolvedValue(assertion as never);
    const api = loginPage({ code: 200, data: { token: 'pk-token' } });
    await act(async () => fireEvent.click(screen.getByTestId('login-passkey')));
    await waitFor(() => expect(useSession.getState().token).toBe('pk-token'));
    expect(vi.mocked(startAuthentication).mock.calls[0]?.[0]).toEqual({ optionsJSON: { challenge: 'xyz' } });
    expect(api.bodies('/passkey/login')).toEqual([{ credential: assertion }]);
    expect(api.count('/login')).toBe(0);
  });

  it("shows the server's refusal of a removed passkey, and stays logged out", async () => {
    vi.mocked(startAuthentication).mockResolvedValue(assertion as never);
    loginPage({ code: 400, msg: '该通行密钥已删除或不属于本站账号，请使用密码登录' });
    await act(async () => fireEvent.click(screen.getByTestId('login-passkey')));
    expect((await screen.findByTestId('login-alert')).textContent).toBe(
      '该通行密钥已删除或不属于本站账号，请使用密码登录',
    );
    expect(useSession.getState().token).toBeNull();
    expect(screen.getByTestId('login-passkey').textContent).toBe('使用通行密钥登录');
  });

  it('says so when the player cancels on the device', async () => {
    vi.mocked(startAuthentication).mockRejectedValue(Object.assign(new Error('no'), { name: 'NotAllowedError' }));
    const api = loginPage({ code: 200, data: { token: 'never' } });
    await act(async () => fireEvent.click(screen.getByTestId('login-passkey')));
    expect((await screen.findByTestId('login-alert')).textContent).toBe('已取消，或验证超时');
    expect(api.count('/passkey/login')).toBe(0);
  });

  it('says that passkeys need the domain when the page was opened at an IP address', async () => {
    const refusal = Object.assign(new Error('invalid domain'), { name: 'SecurityError', code: 'ERROR_INVALID_DOMAIN' });
    vi.mocked(startAuthentication).mockRejectedValue(refusal);
    loginPage({ code: 200, data: { token: 'never' } });
    await act(async () => fireEvent.click(screen.getByTestId('login-passkey')));
    expect((await screen.findByTestId('login-alert')).textContent).toBe('通行密钥需通过网站域名访问（不支持 IP 地址）');
  });

  it('offers no passkey button where the browser has no WebAuthn', () => {
    delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
    loginPage({ code: 200, data: { token: 'x' } });
    expect(screen.queryByTestId('login-passkey')).toBeNull();
  });
});
