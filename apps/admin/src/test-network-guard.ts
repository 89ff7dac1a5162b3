import { afterAll, afterEach } from 'vitest';

/**
 * Unit tests never reach the network. fetch, XMLHttpRequest and WebSocket are replaced for the
 * whole run (not stubbed, so `vi.unstubAllGlobals()` comes back to these, never to the real
 * ones); tests stub fetch with their fake API (src/test/fake-api.ts). A request nobody mocked, or
 * a fake answer its contract refuses, fails the test it happened in (or the next one, when it
 * came late), even if the page swallowed the error.
 */
const shared = globalThis as typeof globalThis & { networkProblems?: string[] };
/**
 * One list for the worker, not one per evaluation of this module: the files of a worker share
 * their modules (vitest.config.ts, isolate), but this setup file is evaluated again for each, so
 * a fake API a file before imported reports to the list the running file checks.
 */
const problems = (shared.networkProblems ??= []);

/** Fails the running test once it ends, whatever the page made of the failed request. */
export function failAfterTest(problem: string): void {
  if (!problems.includes(problem)) problems.push(problem);
}

const refuse = (what: string, target: unknown) => {
  failAfterTest(`unmocked ${what} ${String(target)}`);
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

/** The problems seen since the last test ended, taken (the fake API's own test reads them). */
export const takeProblems = (): string[] => problems.splice(0);

const check = () => {
  const found = takeProblems();
  if (found.length > 0) throw new Error(`network problems:\n${found.join('\n')}`);
};
afterEach(check);
afterAll(check);
