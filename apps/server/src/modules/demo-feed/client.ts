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
export async function postEvents(link: FeedLink, events: feed.FeedEvent[]): Promise<string | null> {
  const body = JSON.stringify({ events });
  try {
    const res = await fetch(`${link.base}${feed.FEED_PREFIX}/${link.providerId}/events`, {
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
