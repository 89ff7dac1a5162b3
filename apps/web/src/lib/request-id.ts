import { useRef } from 'react';
import { ApiError } from './http';

/** A version 4 UUID: crypto.randomUUID where the page has it (secure contexts only), else from getRandomValues. */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The requestId of one user action that moves money (a bet, a withdrawal request): made on its
 * first attempt and kept while no answer has come (network failure, timeout), so that tapping
 * again sends the same id and the server answers with what the first attempt did instead of
 * doing it twice. Dropped once the server has answered, success or refusal: the next tap is a
 * new action.
 */
export function useRequestId() {
  const pending = useRef<string | null>(null);
  return {
    /** The id to send: the one still waiting for an answer, or a new one. */
    take: () => (pending.current ??= newRequestId()),
    /** After the call (`err`: how it failed): keeps the id only when no answer came. */
    settle: (err?: unknown) => {
      if (!(err instanceof ApiError && err.code === 0)) pending.current = null;
    },
  };
}
