import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { reloadSession } from './lib/session';

// Rendering is slow under CI's load (the browser tests and the server suites run beside these):
// findBy/waitFor wait up to 10 s (a passing wait ends as soon as the element is there).
configure({ asyncUtilTimeout: 10_000 });

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

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  reloadSession();
  vi.unstubAllGlobals();
});
