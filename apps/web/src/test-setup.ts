import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { setupAntdRender } from './lib/antd-render';

// Lazy pages load slower on a busy machine: findBy/waitFor wait up to 3 s, not 1 s.
configure({ asyncUtilTimeout: 3_000 });

// STACK.md pitfall 2: antd-mobile needs unstableSetRender with createRoot on React 19.
setupAntdRender();

// The app loads Toast on first use (lib/toast.ts). Loaded here, a toast shown at the end of a test
// no longer finishes loading after the test's page is torn down (seen as unhandled errors on a
// busy machine).
await import('antd-mobile/es/components/toast');

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
