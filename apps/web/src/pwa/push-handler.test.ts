import { describe, expect, it, vi } from 'vitest';
import { addPushHandlers, type PushScope } from './push-handler';

type Listener = (event: unknown) => void;

/** A service worker scope whose listeners the test calls, with these open tabs. */
function fakeScope(tabs: { url: string; navigate?: () => Promise<unknown> }[] = []) {
  const listeners = new Map<string, Listener>();
  const windows = tabs.map((t) => ({
    url: t.url,
    focus: vi.fn(async () => t),
    navigate: vi.fn(t.navigate ?? (async () => t)),
  }));
  const scope = {
    location: { origin: 'https://app.example' },
    registration: { showNotification: vi.fn(async (_title: string, _options?: NotificationOptions) => undefined) },
    clients: { matchAll: vi.fn(async () => windows), openWindow: vi.fn(async (_url: string) => null) },
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  };
  addPushHandlers(scope as unknown as PushScope, { icon: '/icons/192.png' });
  /** Dispatches an event and waits for what it asked the worker to wait for. */
  const dispatch = async (type: string, event: object) => {
    let work: Promise<unknown> = Promise.resolve();
    listeners.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => (work = p) });
    await work;
  };
  return { scope, windows, dispatch };
}

const pushOf = (payload: unknown) => ({ data: { json: () => payload } });

describe('the service worker: push', () => {
  it('shows the notification the server sent, with the app icon and its page', async () => {
    const { scope, dispatch } = fakeScope();
    await dispatch(
      'push',
      pushOf({ title: '充值到账', body: '您的充值 ¥101.00 已到账', url: '/user/zijinmingxi', tag: 'deposit:D1' }),
    );
    expect(scope.registration.showNotification).toHaveBeenCalledWith('充值到账', {
      body: '您的充值 ¥101.00 已到账',
      icon: '/icons/192.png',
      tag: 'deposit:D1',
      data: { url: '/user/zijinmingxi' },
    });
  });

  it('never opens another site, and still shows something for a payload it cannot read', async () => {
    const { scope, dispatch } = fakeScope();
    await dispatch('push', pushOf({ title: 'x', body: 'y', url: 'https://evil.example/' }));
    await dispatch('push', pushOf({ title: 'x', body: 'y', url: '//evil.example/' }));
    await dispatch('push', {
      data: {
        json: () => {
          throw new SyntaxError('not JSON');
        },
      },
    });
    const calls = scope.registration.showNotification.mock.calls;
    expect(calls.map(([, options]) => (options?.data as { url: string }).url)).toEqual(['/', '/', '/']);
    expect(calls[2]![0]).toBe('Breakshot');
  });
});

describe('the service worker: notificationclick', () => {
  const click = (url: string) => ({ notification: { data: { url }, close: vi.fn() } });

  it('focuses the tab already on the page', async () => {
    const { scope, windows, dispatch } = fakeScope([
      { url: 'https://app.example/home' },
      { url: 'https://app.example/taiqiu/7' },
    ]);
    const event = click('/taiqiu/7');
    await dispatch('notificationclick', event);
    expect(event.notification.close).toHaveBeenCalled();
    expect(windows[1]!.focus).toHaveBeenCalled();
    expect(windows[0]!.navigate).not.toHaveBeenCalled();
    expect(scope.clients.openWindow).not.toHaveBeenCalled();
  });

  it("takes another of the app's tabs to the page, or opens one", async () => {
    const open = fakeScope([{ url: 'https://app.example/home' }]);
    await open.dispatch('notificationclick', click('/user/myMessage'));
    expect(open.windows[0]!.navigate).toHaveBeenCalledWith('https://app.example/user/myMessage');
    expect(open.windows[0]!.focus).toHaveBeenCalled();

    const none = fakeScope();
    await none.dispatch('notificationclick', click('/user/touzhulogs'));
    expect(none.scope.clients.openWindow).toHaveBeenCalledWith('https://app.example/user/touzhulogs');

    const uncontrolled = fakeScope([
      { url: 'https://app.example/home', navigate: () => Promise.reject(new TypeError()) },
    ]);
    await uncontrolled.dispatch('notificationclick', click('/user/zijinmingxi'));
    expect(uncontrolled.scope.clients.openWindow).toHaveBeenCalledWith('https://app.example/user/zijinmingxi');
  });
});
