import { afterAll, afterEach } from 'vitest';

/**
 * Unit tests never reach the network. fetch, XMLHttpRequest and WebSocket are replaced for the
 * whole run (not stubbed, so `vi.unstubAllGlobals()` comes back to these, never to the real
 * ones); tests stub fetch with their fake API. A request nobody mocked fails the test it happened
 * in (or the next one, when it left late), even if the page swallowed the error.
 */
const attempts: string[] = [];

const refuse = (what: string, target: unknown) => {
  attempts.push(`${what} ${String(target)}`);
  return new Error(`unit tests must not reach the network: unmocked ${what} ${String(target)}`);
};

globalThis.fetch = async (input: RequestInfo | URL) => {
  throw refuse('fetch', input instanceof Request ? input.url : input);
};
globalThis.XMLHttpRequest = class {
  open(_method: string, url: string) {
    throw refuse('XMLHttpRequest', url);
  }
} as unknown as typeof XMLHttpRequest;
globalThis.WebSocket = class {
  constructor(url: string) {
    throw refuse('WebSocket', url);
  }
} as unknown as typeof WebSocket;

const check = () => {
  if (attempts.length === 0) return;
  const made = attempts.splice(0);
  throw new Error(`unmocked network requests:\n${made.join('\n')}`);
};
afterEach(check);
afterAll(check);
