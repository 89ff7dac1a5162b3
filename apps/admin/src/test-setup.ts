import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { reloadSession } from './lib/session';

// antd renders lazily and animates: findBy/waitFor wait up to 3 s, not 1 s.
configure({ asyncUtilTimeout: 3_000 });

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
