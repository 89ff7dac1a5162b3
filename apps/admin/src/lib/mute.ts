import { useSyncExternalStore } from 'react';

/** Whether the new-work sound is off; remembered in localStorage. */
export const MUTE_KEY = 'breakshot.admin.muted';

const listeners = new Set<() => void>();

export const isMuted = (): boolean => localStorage.getItem(MUTE_KEY) === '1';

export function setMuted(muted: boolean): void {
  if (muted) localStorage.setItem(MUTE_KEY, '1');
  else localStorage.removeItem(MUTE_KEY);
  for (const l of listeners) l();
}

export function useMuted(): boolean {
  return useSyncExternalStore(
    (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    isMuted,
    isMuted,
  );
}
