import { z } from 'zod';
import { defineCall, empty, envelope } from './common.js';
import { str } from './fields.js';

/*
 * Web push (docs/design.md §2, "Web push"): a player's browsers subscribe with the push service's
 * endpoint and the keys the payloads are encrypted to (RFC 8291), and choose which kinds of
 * notification they get; the server signs each push with its VAPID key (RFC 8292), whose public
 * half the browser needs to subscribe.
 */

/** What a player can be told with the page closed. */
export const pushKinds = ['deposit', 'withdrawal', 'bet', 'match', 'message'] as const;
export const pushKind = z.enum(pushKinds);
export type PushKind = (typeof pushKinds)[number];

/** A base64url field of exactly `bytes` bytes, unpadded (as PushSubscription.toJSON writes it). */
const base64url = (chars: number, first = '[A-Za-z0-9_-]') =>
  str().regex(new RegExp(`^${first}[A-Za-z0-9_-]{${chars - 1}}$`), 'invalid');

/** The browser's P-256 public key: 65 bytes, an uncompressed point (0x04 first, so "B"). */
export const p256dh = base64url(87, 'B');
/** The 16-byte authentication secret. */
export const authSecret = base64url(22);

export const vapidKey = defineCall({
  method: 'POST',
  path: '/push/key',
  auth: false,
  request: empty,
  /** The VAPID public key, base64url (PushManager.subscribe's applicationServerKey). */
  response: envelope(z.object({ publicKey: z.string() })),
});

/** Which kinds the player gets; every kind is on until switched off. */
export const pushSettings = z.object({
  kinds: z.record(pushKind, z.boolean()),
  /** How many of the player's browsers are subscribed. */
  devices: z.number().int(),
});
export type PushSettings = z.infer<typeof pushSettings>;

/**
 * This browser's subscription (PushSubscription.toJSON) and the app's name for the browser, so a
 * new subscription of the same browser replaces its old one. The server takes https endpoints of
 * the known push services only (PUSH_TEST_ENDPOINTS allows any, for tests and development).
 */
export const subscribe = defineCall({
  method: 'POST',
  path: '/user/push/subscribe',
  auth: true,
  request: z.strictObject({
    endpoint: str().max(2048, 'too_long').url('invalid'),
    keys: z.strictObject({ p256dh, auth: authSecret }),
    /** The app's device id (apps/web/src/lib/device-id.ts): 128 random bits, hex. */
    deviceId: str().regex(/^[0-9a-f]{32}$/, 'invalid'),
  }),
  response: envelope(pushSettings),
});

/** Forgets this browser's subscription (the player switched push off here). */
export const unsubscribe = defineCall({
  method: 'POST',
  path: '/user/push/unsubscribe',
  auth: true,
  request: z.strictObject({ endpoint: str().max(2048, 'too_long') }),
  response: envelope(pushSettings),
});

export const settings = defineCall({
  method: 'POST',
  path: '/user/push/settings',
  auth: true,
  request: empty,
  response: envelope(pushSettings),
});

/** Switches kinds on or off; kinds left out stay as they are. */
export const setKinds = defineCall({
  method: 'POST',
  path: '/user/push/settings/set',
  auth: true,
  request: z.strictObject({ kinds: z.partialRecord(pushKind, z.boolean({ error: 'invalid_type' })) }),
  response: envelope(pushSettings),
});
