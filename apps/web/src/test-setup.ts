import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { setupAntdRender } from './lib/antd-render';

// Rendering is slow under CI's load (the browser tests and the server suites run beside these):
// findBy/waitFor wait up to 10 s (a passing wait ends as soon as the element is there).
configure({ asyncUtilTimeout: 10_000 });

// docs/stack.md pitfall 2: antd-mobile needs unstableSetRender with createRoot on React 19.
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

// Work React scheduled (setImmediate) before the last test's cleanup runs before the file's jsdom
// is torn down: on a busy machine it otherwise ran after, without a window (an unhandled error).
// Several turns, as that work may schedule more of itself (one 20 ms wait was not always enough).
afterAll(async () => {
  for (let turn = 0; turn < 5; turn += 1) await new Promise<void>((resolve) => setTimeout(resolve, 20));
});
