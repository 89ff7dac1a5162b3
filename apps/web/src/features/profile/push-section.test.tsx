import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { storage, TOKEN_KEY } from '../../lib/storage';
import { demoUser, fakeApi } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import { PushSection } from './push-section';

const SERVER_KEY = Buffer.concat([Buffer.of(4), Buffer.alloc(64, 7)]).toString('base64url');
const KEYS = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/device-1';
const ALL_ON = { deposit: true, withdrawal: true, bet: true, match: true, message: true };

/** A browser with push: its permission answer, a service worker or none, a subscription or none. */
function fakeBrowser({
  permission = 'default' as NotificationPermission,
  answer = 'granted' as NotificationPermission,
  worker = true,
  subscribed = false,
} = {}) {
  let current: NotificationPermission = permission;
  const subscription = {
    endpoint: ENDPOINT,
    toJSON: () => ({ endpoint: ENDPOINT, keys: KEYS }),
    unsubscribe: vi.fn(async () => true),
  };
  let held: typeof subscription | null = subscribed ? subscription : null;
  const pushManager = {
    getSubscription: vi.fn(async () => held),
    subscribe: vi.fn(async (_options: PushSubscriptionOptionsInit) => (held = subscription)),
  };
  const registration = { pushManager };
  const requestPermission = vi.fn(async () => (current = answer));
  vi.stubGlobal('Notification', {
    get permission() {
      return current;
    },
    requestPermission,
  });
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => (worker ? registration : undefined), ready: Promise.resolve(registration) },
  });
  return { requestPermission, pushManager, subscription };
}

function api(kinds = ALL_ON) {
  let saved = { ...kinds };
  const settings = () => ({ code: 200, data: { kinds: saved, devices: 1 } });
  return fakeApi({
    '/push/key': () => ({ code: 200, data: { publicKey: SERVER_KEY } }),
    '/user/push/subscribe': settings,
    '/user/push/unsubscribe': () => ({ code: 200, data: { kinds: saved, devices: 0 } }),
    '/user/push/settings': settings,
    '/user/push/settings/set': (body) => {
      saved = { ...saved, ...(body.kinds as Partial<typeof ALL_ON>) };
      return settings();
    },
  });
}

beforeEach(() => {
  storage.set(TOKEN_KEY, 'tok');
  useSession.setState({ token: 'tok', userInfo: demoUser });
});

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

const enableSwitch = () => screen.getByTestId('push-enable');
/** Once the page knows whether this browser is subscribed, the switch takes a tap. */
const switchReady = () => waitFor(() => expect(enableSwitch().getAttribute('aria-busy')).toBeNull());

describe('/user/setting: 通知', () => {
  it('asks nothing on load; the tap asks, subscribes with the server key and the server keeps it', async () => {
    const browser = fakeBrowser();
    const calls = api();
    renderAt(<PushSection />);
    await switchReady();
    expect(browser.requestPermission).not.toHaveBeenCalled();
    expect(enableSwitch().getAttribute('aria-checked')).toBe('false');
    expect(screen.queryByTestId('push-kind-deposit')).toBeNull();

    await act(async () => fireEvent.click(enableSwitch()));
    await waitFor(() => expect(calls.count('/user/push/subscribe')).toBe(1));
    expect(browser.requestPermission).toHaveBeenCalledOnce();
    const options = browser.pushManager.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect(Buffer.from(options.applicationServerKey as Uint8Array).toString('base64url')).toBe(SERVER_KEY);
    const [body] = calls.bodies('/user/push/subscribe');
    expect(body).toMatchObject({ endpoint: ENDPOINT, keys: KEYS });
    expect(body!.deviceId).toMatch(/^[0-9a-f]{32}$/);
    expect(enableSwitch().getAttribute('aria-checked')).toBe('true');
    for (const kind of Object.keys(ALL_ON)) {
      expect(screen.getByTestId(`push-kind-${kind}`).getAttribute('aria-checked')).toBe('true');
    }
    expect(screen.getByText('关注的比赛开赛')).toBeTruthy();
  });

  it('a kind switched off is saved for the player', async () => {
    fakeBrowser({ permission: 'granted', subscribed: true });
    const calls = api();
    renderAt(<PushSection />);
    const message = await screen.findByTestId('push-kind-message');
    expect(enableSwitch().getAttribute('aria-checked')).toBe('true');
    // Opened with a subscription, the page registers it for the player logged in now.
    await waitFor(() =>
      expect(calls.bodies('/user/push/subscribe')).toMatchObject([{ endpoint: ENDPOINT, keys: KEYS }]),
    );
    await act(async () => fireEvent.click(message));
    await waitFor(() => expect(message.getAttribute('aria-checked')).toBe('false'));
    expect(calls.bodies('/user/push/settings/set')).toEqual([{ kinds: { message: false } }]);
    expect(screen.getByTestId('push-kind-deposit').getAttribute('aria-checked')).toBe('true');
  });

  it("registers this browser again in the app's new language (the server writes its pushes in it)", async () => {
    fakeBrowser({ permission: 'granted', subscribed: true });
    const calls = api();
    renderAt(<PushSection />);
    await waitFor(() => expect(calls.count('/user/push/subscribe')).toBe(1));
    try {
      await act(() => setLanguage('en'));
      await waitFor(() => expect(calls.count('/user/push/subscribe')).toBe(2));
      const [first, again] = calls.calls.filter((c) => c.path === '/user/push/subscribe');
      expect([first!.headers['Accept-Language'], again!.headers['Accept-Language']]).toEqual(['zh-CN', 'en']);
    } finally {
      await act(() => setLanguage('zh-CN'));
    }
  });

  it('turning push off forgets this browser here and on the server', async () => {
    const browser = fakeBrowser({ permission: 'granted', subscribed: true });
    const calls = api();
    renderAt(<PushSection />);
    await screen.findByTestId('push-kind-message');
    await act(async () => fireEvent.click(enableSwitch()));
    await waitFor(() => expect(enableSwitch().getAttribute('aria-checked')).toBe('false'));
    expect(calls.bodies('/user/push/unsubscribe')).toEqual([{ endpoint: ENDPOINT }]);
    expect(browser.subscription.unsubscribe).toHaveBeenCalledOnce();
    expect(screen.queryByTestId('push-kind-message')).toBeNull();
  });

  it('a permission denied says how to allow it again, and subscribes nothing', async () => {
    const browser = fakeBrowser({ answer: 'denied' });
    const calls = api();
    renderAt(<PushSection />);
    await switchReady();
    await act(async () => fireEvent.click(enableSwitch()));
    expect((await screen.findByTestId('push-problem')).textContent).toContain('网站设置中将“通知”改为允许');
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(calls.count('/user/push/subscribe')).toBe(0);
    expect(enableSwitch().getAttribute('aria-checked')).toBe('false');
  });

  it('a permission denied before shows the way back at once', async () => {
    fakeBrowser({ permission: 'denied' });
    api();
    renderAt(<PushSection />);
    expect(screen.getByTestId('push-problem').textContent).toContain('通知权限已被拒绝');
  });

  it('without a service worker it says to reload', async () => {
    fakeBrowser({ worker: false });
    const calls = api();
    renderAt(<PushSection />);
    await switchReady();
    await act(async () => fireEvent.click(enableSwitch()));
    expect((await screen.findByTestId('push-problem')).textContent).toContain('请刷新页面后再试');
    expect(calls.count('/user/push/subscribe')).toBe(0);
  });

  it('a browser without push says so and offers no switch', () => {
    api();
    renderAt(<PushSection />);
    expect(screen.getByTestId('push-problem').textContent).toContain('此浏览器不支持推送通知');
    expect(screen.queryByTestId('push-enable')).toBeNull();
  });

  it("the server's refusal is shown in the player's language", async () => {
    fakeBrowser();
    api();
    fakeApi({
      '/push/key': () => ({ code: 200, data: { publicKey: SERVER_KEY } }),
      '/user/push/subscribe': () => ({ code: 400, msg: '不支持此浏览器的推送服务' }),
    });
    renderAt(<PushSection />);
    await switchReady();
    await act(async () => fireEvent.click(enableSwitch()));
    expect((await screen.findByTestId('push-problem')).textContent).toBe('不支持此浏览器的推送服务');
    expect(enableSwitch().getAttribute('aria-checked')).toBe('false');
  });
});
