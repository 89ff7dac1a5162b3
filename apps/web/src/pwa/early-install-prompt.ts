let early: Event | null = null;

/**
 * Holds Chromium's install offer (`beforeinstallprompt`) from start-up on, until the prompts have
 * loaded (install-prompt.ts takes it over): the app makes the offer itself, not the browser's bar.
 */
export function holdInstallPrompt(): void {
  addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    early = event;
  });
}

/** The offer the browser made before the prompts loaded, if any. */
export const earlyInstallPrompt = (): Event | null => early;
