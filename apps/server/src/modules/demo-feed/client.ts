import { feed } from '@breakshot/contracts';
import { signFeedBody } from '../feed/service.js';

/*
 * The demo feed's side of the feed API, over HTTP as any outside provider: a batch of events, the
 * raw body signed with the provider's key. A repeat is harmless (the API acknowledges events it
 * has), so a batch whose answer was lost is simply sent again.
 */

export interface FeedLink {
  /** The feed API's base URL (http://host:port). */
  base: string;
  providerId: string;
  key: string;
  timeoutMs: number;
}

/** Posts the events; null when the API took them, else why not. */
export const postEvents = (link: FeedLink, events: feed.FeedEvent[]) => post(link, 'events', { events });

/** Posts a match's snapshot; null when the API took it, else why not. */
export const postSnapshot = (link: FeedLink, snapshot: feed.FeedSnapshot) => post(link, 'snapshot', snapshot);

async function post(link: FeedLink, call: 'events' | 'snapshot', payload: unknown): Promise<string | null> {
  const body = JSON.stringify(payload);
  try {
    const res = await fetch(`${link.base}${feed.FEED_PREFIX}/${link.providerId}/${call}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [feed.SIGNATURE_HEADER]: signFeedBody(link.key, body) },
      body,
      signal: AbortSignal.timeout(link.timeoutMs),
    });
    return res.ok ? null : `HTTP ${res.status}: ${await res.text()}`;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}
