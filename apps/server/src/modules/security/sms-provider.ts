import type { SmsSettings } from '../../platform/context.js';
import type { Conn } from '../../platform/db.js';
import { smsOutbox } from './tables.js';

export interface SmsMessage {
  mobile: string;
  text: string;
}

/** Delivers a text message; rejects when it was not accepted (nothing then counts as sent). */
export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}

/** The development channel: every message lands in the outbox table, read by the operator. */
function outboxProvider(db: Conn, now: () => Date): SmsProvider {
  return {
    async send(message) {
      await db.insert(smsOutbox).values({ ...message, createdAt: now() });
    },
  };
}

const HTTP_TIMEOUT_MS = 5_000;

/**
 * A gateway over HTTP: POST `url` with JSON `{ mobile, text }` and `Authorization: Bearer <key>`;
 * any 2xx answer is delivery accepted. Anything else, no answer within the timeout, or no
 * connection rejects.
 */
function httpProvider(settings: { url: string; key: string; timeoutMs?: number | undefined }): SmsProvider {
  return {
    async send(message) {
      const res = await fetch(settings.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${settings.key}` },
        body: JSON.stringify(message),
        signal: AbortSignal.timeout(settings.timeoutMs ?? HTTP_TIMEOUT_MS),
      });
      // Drained so the connection is freed.
      await res.arrayBuffer().catch(() => undefined);
      if (!res.ok) throw new Error(`SMS gateway answered HTTP ${res.status}`);
    },
  };
}

/** The provider of the settings; null when SMS is off. */
export function smsProviderOf(settings: SmsSettings, db: Conn, now: () => Date): SmsProvider | null {
  switch (settings.provider) {
    case 'outbox':
      return outboxProvider(db, now);
    case 'http':
      return httpProvider(settings);
    case 'off':
      return null;
  }
}
