import { useSyncExternalStore } from 'react';

const unchanging = () => () => {};

/**
 * A value only the browser knows (its storage, its APIs), as a render reads it. The server's
 * render (src/ssr) and the app's hydration of that page read `onServer`, so the markup matches,
 * and the render after hydration reads the browser's; an app that draws the page itself reads the
 * browser's from the first render. `read` is read again on every render, so it must return a
 * value that compares equal while nothing changed (a string, a boolean).
 */
export const useBrowserValue = <T>(read: () => T, onServer: T): T =>
  useSyncExternalStore(unchanging, read, () => onServer);

/**
 * False while the page on screen is the server's markup not yet taken over by the app (a tap on
 * a button there does nothing); true once hydrated, and always in an app that draws the page itself.
 */
export const useAppRunning = (): boolean => useBrowserValue(() => true, false);

/**
 * `aria-disabled` of a control drawn on the server's page: true until the app has taken the page
 * over (a tap there before would be lost), so screen readers, and browser tests, wait for it.
 */
export const useInertUntilRunning = (): true | undefined => (useAppRunning() ? undefined : true);
