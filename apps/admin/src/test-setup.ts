import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Rendering is slow under CI's load (the browser tests and the server suites run beside these):
// findBy/waitFor wait up to 20 s (a passing wait ends as soon as the element is there). A file's
// first render there once took over 10 s (the billiards page: its modules loaded cold).
configure({ asyncUtilTimeout: 20_000 });

// happy-dom lacks matchMedia, which antd's responsive hooks (Grid, Table) read.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// antd prints a warning once for each deprecated prop the console uses: any fails the test that
// rendered it, so none comes back (antd's next major removes them).
const deprecations: string[] = [];
for (const level of ['error', 'warn'] as const) {
  const print = console[level].bind(console);
  console[level] = (...args: unknown[]) => {
    const text = args.map(String).join(' ');
    if (text.includes('[antd:') && text.includes('deprecated')) deprecations.push(text);
    print(...args);
  };
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  if (deprecations.length > 0) throw new Error(`antd deprecations:\n${deprecations.splice(0).join('\n')}`);
});
