import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { setupAntdRender } from './lib/antd-render';

// STACK.md pitfall 2: antd-mobile needs unstableSetRender with createRoot on React 19.
setupAntdRender();

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
