import type { PushSettings } from '../../platform/context.js';

/*
 * Where the server will post a push: the endpoint a browser's push service gave it. The server
 * posts to it later on its own, so a player must not be able to name any address (an internal one
 * above all): only https endpoints of the browsers' push services are taken, unless
 * PUSH_TEST_ENDPOINTS allows any http or https one (tests, development).
 */

/** Chrome, Edge, Opera, Samsung (FCM); Firefox; Safari; Windows' own push (WNS). */
const PUSH_SERVICE_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/,
  /^web\.push\.apple\.com$/,
  /^[a-z0-9-]+\.notify\.windows\.com$/,
];

export function endpointAllowed(endpoint: string, settings: Pick<PushSettings, 'testEndpoints'>): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (settings.testEndpoints) return url.protocol === 'https:' || url.protocol === 'http:';
  return url.protocol === 'https:' && url.port === '' && PUSH_SERVICE_HOSTS.some((h) => h.test(url.hostname));
}
