import { earlyInstallPrompt } from './early-install-prompt';

/** Chromium's install offer (`beforeinstallprompt`), made by the app itself (install-offer.tsx). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let kept: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function set(event: InstallPromptEvent | null): void {
  kept = event;
  for (const fn of listeners) fn();
}

/**
 * Keeps the offer from now on, beginning with one the browser made before they loaded (early-install-prompt.ts). Once the
 * app is installed there is none to make.
 */
export function keepInstallPrompt(): void {
  kept = earlyInstallPrompt() as InstallPromptEvent | null;
  addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    set(event as InstallPromptEvent);
  });
  addEventListener('appinstalled', () => set(null));
}

/** The offer the browser made, if any. */
export const installPrompt = (): InstallPromptEvent | null => kept;

/** A shown offer cannot be shown again. */
export const spendInstallPrompt = (): void => set(null);

export function onInstallPrompt(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
