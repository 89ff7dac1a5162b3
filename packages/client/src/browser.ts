import type { SessionStorage } from './session-store.js';

/** What the client uses of a browser's window (typed here: the CLI compiles without the DOM's types). */
export interface BrowserWindow {
  addEventListener(type: string, listener: (event: { key?: string | null }) => void): void;
  localStorage: SessionStorage;
}

/** The page's window, or undefined outside a browser (the CLI on Node). */
export const browserWindow = (): BrowserWindow | undefined => (globalThis as { window?: BrowserWindow }).window;
