/*
 * The service worker's side of web push (docs/design.md §2, "Web push"): `push` shows the
 * notification the server sent (a JSON payload: title, body, url, tag, optional icon) and
 * `notificationclick` brings the app to the notification's page, focusing a tab already open.
 * Self-contained (no app imports) for the service worker's bundle: sw.ts calls addPushHandlers(self).
 */

/** What the server sends (apps/server/src/modules/push/tables.ts: PushPayload). */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag?: string;
  icon?: string;
}

interface ExtendableEventLike {
  waitUntil(work: Promise<unknown>): void;
}

interface PushEventLike extends ExtendableEventLike {
  readonly data: { json(): unknown } | null;
}

interface NotificationClickLike extends ExtendableEventLike {
  readonly notification: { readonly data: unknown; close(): void };
}

interface WindowClientLike {
  readonly url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}

/** What the handlers use of the service worker's global scope (ServiceWorkerGlobalScope). */
export interface PushScope {
  readonly location: { readonly origin: string };
  readonly registration: { showNotification(title: string, options?: NotificationOptions): Promise<void> };
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationClickLike) => void): void;
}

export interface PushHandlerOptions {
  /** The notification's icon when the payload names none (the app's icon). */
  icon: string;
  /** The small monochrome icon Android shows in the status bar. */
  badge?: string;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** Only a path of this app opens: a payload cannot send the player to another site. */
const appPath = (v: unknown): string => {
  const path = text(v);
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') ? path : '/';
};

/** The payload as the notification shows it; a push without one (or not JSON) still shows the app's name. */
export function messageOf(data: PushEventLike['data']): PushMessage {
  let raw: Record<string, unknown> = {};
  try {
    const parsed = data?.json();
    if (parsed && typeof parsed === 'object') raw = parsed as Record<string, unknown>;
  } catch {
    // Not JSON: the defaults below.
  }
  return {
    title: text(raw.title) || 'Breakshot',
    body: text(raw.body),
    url: appPath(raw.url),
    ...(text(raw.tag) ? { tag: text(raw.tag) } : {}),
    ...(text(raw.icon) ? { icon: appPath(raw.icon) } : {}),
  };
}

/** Focuses a tab on the URL, or another tab of the app taken to it, or opens one. */
async function openApp(scope: PushScope, url: string): Promise<void> {
  const tabs = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const same = tabs.find((c) => c.url === url);
  if (same) {
    await same.focus();
    return;
  }
  const other = tabs.find((c) => new URL(c.url).origin === scope.location.origin);
  if (other) {
    try {
      await other.navigate(url);
      await other.focus();
      return;
    } catch {
      // A tab this worker does not control cannot be navigated: a new one below.
    }
  }
  await scope.clients.openWindow(url);
}

export function addPushHandlers(scope: PushScope, options: PushHandlerOptions): void {
  scope.addEventListener('push', (event) => {
    const message = messageOf(event.data);
    event.waitUntil(
      scope.registration.showNotification(message.title, {
        body: message.body,
        icon: message.icon ?? options.icon,
        ...(options.badge ? { badge: options.badge } : {}),
        ...(message.tag ? { tag: message.tag } : {}),
        data: { url: message.url },
      }),
    );
  });

  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const { url } = (event.notification.data ?? {}) as { url?: unknown };
    event.waitUntil(openApp(scope, new URL(appPath(url), scope.location.origin).href));
  });
}
