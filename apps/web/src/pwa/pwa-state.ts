import { create } from 'zustand';

/** The service worker's news for the page (pwa-client.ts), shown by the update bar. */
export const usePwaState = create<{ updateReady: boolean }>(() => ({ updateReady: false }));
