import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { startRegistration } from '@simplewebauthn/browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmDialog } from '../../components/ui/confirm';
import { useSession } from '../../lib/session';
import { storage, TOKEN_KEY } from '../../lib/storage';
import { demoUser, fakeApi, type Handler } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import { deviceName } from './passkey-sheets';
import { PasskeysSection } from './passkeys-section';

vi.mock('../../components/ui/confirm', () => ({ confirmDialog: vi.fn(async () => true) }));
vi.mock('@simplewebauthn/browser', () => ({ startRegistration: vi.fn() }));

const phone = { id: 7, name: 'iPhone', createdAt: '2026-11-30T02:00:00Z', lastUsedAt: '2026-12-01T09:30:00Z' };
type Item = { id: number; name: string; createdAt: string; lastUsedAt: string | null };

const laptop = { id: 8, name: '办公电脑', createdAt: '2026-11-20T02:00:00Z', lastUsedAt: null };
const credential = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'o2Nm', transports: ['internal'] },
  clientExtensionResults: {},
};

/** The section over a fake server keeping `kept` (its list, renames, removals and additions). */
function withServer(kept: Item[], extra: Record<string, Handler> = {}) {
  let list = [...kept];
  const api = fakeApi({
    '/user/passkey/list': () => ({ code: 200, data: { list } }),
    '/user/passkey/rename': (b) => {
      list = list.map((p) => (p.id === b.id ? { ...p, name: String(b.name) } : p));
      return { code: 200, data: list.find((p) => p.id === b.id) };
    },
    '/user/passkey/remove': (b) => {
      list = list.filter((p) => p.id !== b.id);
      return { code: 200, data: {} };
    },
    '/user/passkey/register': (b) => {
      const added = { id: 9, name: String(b.name), createdAt: '2026-12-01T10:00:00Z', lastUsedAt: null };
      list = [added, ...list];
      return { code: 200, data: added };
    },
    ...extra,
  });
  renderAt(<PasskeysSection />);
  return api;
}

const rows = () => screen.queryAllByTestId('passkey-row');

describe('/user/setting: 通行密钥', () => {
  beforeEach(() => {
    storage.set(TOKEN_KEY, 'tok');
    useSession.setState({ token: 'tok', userInfo: demoUser });
    Object.assign(window, { PublicKeyCredential: function PublicKeyCredential() {} });
    vi.mocked(confirmDialog).mockClear();
    vi.mocked(startRegistration).mockReset();
  });
  afterEach(() => {
    delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
  });

  it('lists each passkey with its name, the day it was added and when last used (site time)', async () => {
    withServer([phone, laptop]);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]!.textContent).toContain('iPhone');
    expect(rows()[0]!.textContent).toContain('添加于 2026-11-30');
    expect(within(rows()[0]!).getByTestId('passkey-used').textContent).toBe('最近使用 2026-12-01 17:30');
    expect(within(rows()[1]!).getByTestId('passkey-used').textContent).toBe('尚未使用');
  });

  it('says when there is none, and offers to add one', async () => {
    withServer([]);
    expect((await screen.findByTestId('passkeys-empty')).textContent).toBe('还没有通行密钥');
    expect(screen.getByTestId('passkey-add').textContent).toBe('添加通行密钥');
  });

  it('hides "add" where the browser has no WebAuthn, and says why', async () => {
    delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
    withServer([phone]);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.queryByTestId('passkey-add')).toBeNull();
    expect(screen.getByTestId('passkeys-unsupported').textContent).toContain('此浏览器不支持通行密钥');
  });

  it('adds one: the login password, then the device; the list shows it', async () => {
    vi.mocked(startRegistration).mockResolvedValue(credential as never);
    const api = withServer([], {
      '/user/passkey/registerOptions': () => ({ code: 200, data: { options: { challenge: 'abc' } } }),
    });
    await screen.findByTestId('passkeys-empty');
    await act(async () => fireEvent.click(screen.getByTestId('passkey-add')));
    fireEvent.change(screen.getByTestId('passkey-name-input'), { target: { value: '我的新手机' } });
    await act(async () => fireEvent.click(screen.getByTestId('passkey-add-submit')));
    expect(screen.getByTestId('passkey-password-error').textContent).toBe('必填');
    expect(api.bodies('/user/passkey/registerOptions')).toEqual([]);

    fireEvent.change(screen.getByTestId('passkey-password-input'), { target: { value: 'secret123' } });
    await act(async () => fireEvent.click(screen.getByTestId('passkey-add-submit')));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]!.textContent).toContain('我的新手机');
    expect(api.bodies('/user/passkey/registerOptions')).toEqual([{ password: 'secret123' }]);
    expect(vi.mocked(startRegistration).mock.calls[0]?.[0]).toEqual({ optionsJSON: { challenge: 'abc' } });
    expect(api.bodies('/user/passkey/register')).toEqual([{ name: '我的新手机', credential }]);
  });

  it('says so when the password is wrong, or the player cancels on the device', async () => {
    const api = withServer([], {
      '/user/passkey/registerOptions': (b) =>
        b.password === 'secret123'
          ? { code: 200, data: { options: { challenge: 'abc' } } }
          : { code: 400, msg: '登录密码错误', data: { field: 'password' } },
    });
    await screen.findByTestId('passkeys-empty');
    await act(async () => fireEvent.click(screen.getByTestId('passkey-add')));
    fireEvent.change(screen.getByTestId('passkey-password-input'), { target: { value: 'nope12345' } });
    await act(async () => fireEvent.click(screen.getByTestId('passkey-add-submit')));
    expect((await screen.findByTestId('passkey-password-error')).textContent).toBe('登录密码错误');

    vi.mocked(startRegistration).mockRejectedValue(Object.assign(new Error('denied'), { name: 'NotAllowedError' }));
    fireEvent.change(screen.getByTestId('passkey-password-input'), { target: { value: 'secret123' } });
    await act(async () => fireEvent.click(screen.getByTestId('passkey-add-submit')));
    expect(await screen.findByText('已取消，或验证超时')).toBeTruthy();
    expect(api.bodies('/user/passkey/register')).toEqual([]);
  });

  it('renames one', async () => {
    const api = withServer([phone]);
    await waitFor(() => expect(rows()).toHaveLength(1));
    await act(async () => fireEvent.click(screen.getByTestId('passkey-rename')));
    const name = screen.getByTestId('passkey-rename-name-input') as HTMLInputElement;
    expect(name.value).toBe('iPhone');
    fireEvent.change(name, { target: { value: '  ' } });
    await act(async () => fireEvent.click(screen.getByTestId('passkey-rename-submit')));
    expect(screen.getByTestId('passkey-rename-name-error').textContent).toBe('必填');
    fireEvent.change(name, { target: { value: '旧手机' } });
    await act(async () => fireEvent.click(screen.getByTestId('passkey-rename-submit')));
    await waitFor(() => expect(rows()[0]!.textContent).toContain('旧手机'));
    expect(api.bodies('/user/passkey/rename')).toEqual([{ id: 7, name: '旧手机' }]);
  });

  it('removes one after a confirm naming it; a refused confirm keeps it', async () => {
    const api = withServer([phone, laptop]);
    await waitFor(() => expect(rows()).toHaveLength(2));
    vi.mocked(confirmDialog).mockResolvedValueOnce(false);
    await act(async () => fireEvent.click(within(rows()[1]!).getByTestId('passkey-remove')));
    expect(vi.mocked(confirmDialog).mock.calls[0]?.[0].content).toBe(
      '删除通行密钥「办公电脑」？删除后不能再用它登录。',
    );
    expect(api.bodies('/user/passkey/remove')).toEqual([]);

    await act(async () => fireEvent.click(within(rows()[1]!).getByTestId('passkey-remove')));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]!.textContent).toContain('iPhone');
    expect(api.bodies('/user/passkey/remove')).toEqual([{ id: 8 }]);
  });
});

describe('deviceName', () => {
  it('names a new passkey after the kind of device, else the fallback', () => {
    expect(deviceName('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)', '我的设备')).toBe('iPhone');
    expect(deviceName('Mozilla/5.0 (Linux; Android 14; Pixel 8)', '我的设备')).toBe('Android');
    expect(deviceName('curl/8', '我的设备')).toBe('我的设备');
  });
});
