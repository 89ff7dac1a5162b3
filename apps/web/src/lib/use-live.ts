import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { LiveEventMessage, LiveStatus } from './live';
import { live } from './session';

/**
 * Runs `handler` for every live event of `type` while the component is mounted (the latest
 * handler is used; no resubscribe when it changes).
 */
export function useLiveEvent<E extends LiveEventMessage = LiveEventMessage>(
  type: string,
  handler: (event: E) => void,
): void {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => live.on<E>(type, (event) => ref.current(event)), [type]);
}

/** The live connection's status; re-renders when it changes. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(live.subscribe, live.getStatus, live.getStatus);
}
