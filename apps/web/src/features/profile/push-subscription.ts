import { push } from '@breakshot/contracts';
import { deviceId } from '../../lib/device-id';
import { call } from '../../lib/http';

/*
 * This browser's push subscription (docs/design.md §2, "Web push"): the service worker's
 * PushManager subscribes with the server's VAPID key, and the server keeps the endpoint and keys.
 * Permission is asked only here, when the player turns push on (never on load).
 */

/** Why push cannot be turned on here: each has its own zh-CN text (i18n.ts, push.error.*). */
export type PushProblem = 'unsupported' | 'denied' | 'dismissed' | 'noWorker';

export class PushUnavailable extends Error {
  constructor(readonly problem: PushProblem) {
    super(problem);
  }
}

/** Whether this browser can take web push at all (Safari on iPhone only from the home screen). */
export const pushSupported = (): boolean =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

export const notificationPermission = (): NotificationPermission => Notification.permission;

/** The service worker's registration; none registered: noWorker (ready would wait for ever). */
async function registration(): Promise<ServiceWorkerRegistration> {
  if (!(await navigator.serviceWorker.getRegistration())) throw new PushUnavailable('noWorker');
  return navigator.serviceWorker.ready;
}

/** This browser's subscription, if it has one and may show notifications (asks nothing). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported() || Notification.permission !== 'granted') return null;
  const reg = await navigator.serviceWorker.getRegistration();
  return reg ? reg.pushManager.getSubscription() : null;
}

const bytesOf = (base64url: string): Uint8Array<ArrayBuffer> => {
  const binary = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
};

/** Asks for permission (call it from the tap), subscribes, and tells the server; its settings after. */
export async function enablePush(): Promise<push.PushSettings> {
  if (!pushSupported()) throw new PushUnavailable('unsupported');
  const permission = await Notification.requestPermission();
  if (permission === 'denied') throw new PushUnavailable('denied');
  if (permission !== 'granted') throw new PushUnavailable('dismissed');
  const reg = await registration();
  const { publicKey } = await call(push.vapidKey, {});
  const subscription =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytesOf(publicKey) }));
  return register(subscription);
}

/**
 * Tells the server of this browser's subscription for the player logged in now: the server sends
 * only while the session that registered it lives, so a browser logged into again (or by another
 * player) registers anew when its settings open.
 */
export function register(subscription: PushSubscription): Promise<push.PushSettings> {
  const { endpoint, keys } = subscription.toJSON();
  return call(push.subscribe, {
    endpoint: endpoint ?? '',
    keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' },
    deviceId: deviceId(),
  });
}

/** Forgets this browser's subscription, here and on the server; the settings after (none: nothing was on). */
export async function disablePush(): Promise<push.PushSettings | null> {
  const subscription = await currentSubscription();
  if (!subscription) return null;
  const settings = await call(push.unsubscribe, { endpoint: subscription.endpoint });
  await subscription.unsubscribe();
  return settings;
}
