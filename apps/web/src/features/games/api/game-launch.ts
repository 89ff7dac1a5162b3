import type { DataOf, games } from '@breakshot/contracts';
import { call, ref } from '../../../lib/http';

export const gameLaunchRef = ref<typeof games.launch>('POST', '/game/launch');

export type Launched = DataOf<typeof games.launch>;

/** Thrown when the launch answer's URL is not a web page (never put into the frame). */
export class BadGameUrl extends Error {}

/**
 * Launches a game: the provider's URL with a fresh launch token. Only http(s) URLs are accepted,
 * so a misconfigured provider can never run script in this site's frame.
 */
export async function launchGame(gameCode: string): Promise<Launched> {
  const launched = await call(gameLaunchRef, { gameCode });
  const url = new URL(launched.url, window.location.href);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new BadGameUrl(launched.url);
  return { ...launched, url: url.href };
}
