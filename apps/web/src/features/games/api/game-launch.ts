import * as routes from '@breakshot/client/routes';
import type { DataOf, games } from '@breakshot/contracts';
import { call } from '../../../lib/http';

export type Launched = DataOf<typeof games.launch>;

/** Thrown when the launch answer's URL is not a web page the frame can show (never put into it). */
export class BadGameUrl extends Error {}

type PageLocation = Pick<Location, 'href' | 'origin' | 'protocol'>;

/**
 * The launch URL made absolute, if the frame can show it: https, or http on an http site (an https
 * page blocks http frames as mixed content: the player would see a blank frame). Any other scheme
 * would run script in this site's frame.
 */
export function gameUrl(raw: string, page: PageLocation = window.location): string {
  const url = new URL(raw, page.href);
  const web = url.protocol === 'https:' || (url.protocol === 'http:' && page.protocol === 'http:');
  if (!web) throw new BadGameUrl(raw);
  return url.href;
}

/**
 * The game frame's sandbox: never allow-top-navigation (a game must not replace the site with
 * another page). A page of our own origin (the built-in demo provider) runs without
 * allow-same-origin, in an opaque origin: it cannot reach the player's token in our storage. A
 * provider's own origin keeps its storage and may open its help or cashier pages in a new tab.
 */
export function frameSandbox(url: string, page: PageLocation = window.location): string {
  return new URL(url).origin === page.origin
    ? 'allow-scripts allow-forms allow-popups'
    : 'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox';
}

/** Launches a game: the provider's URL with a fresh launch token. */
export async function launchGame(gameCode: string): Promise<Launched> {
  const launched = await call(routes.games.launch, { gameCode });
  return { ...launched, url: gameUrl(launched.url) };
}
