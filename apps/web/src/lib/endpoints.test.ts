import {
  API_PREFIX as CONTRACT_PREFIX,
  auth,
  inbox,
  system,
  PING_INTERVAL_MS as P,
  PONG_TIMEOUT_MS as PT,
  RECONNECT_DELAY_MS as R,
  MAX_RECONNECT_ATTEMPTS as M,
} from '@breakshot/contracts';
import { describe, expect, it } from 'vitest';
import { getConfigRef, getWssRef, unreadCountRef, userInfoRef, userLogoutRef } from './endpoints';
import { API_PREFIX } from './http';
import { MAX_RECONNECT_ATTEMPTS, PING_INTERVAL_MS, PONG_TIMEOUT_MS, RECONNECT_DELAY_MS } from './live';

describe('light contract references', () => {
  it('match the contracts', () => {
    expect(API_PREFIX).toBe(CONTRACT_PREFIX);
    for (const [ref, c] of [
      [getConfigRef, system.getConfig],
      [userInfoRef, auth.userInfo],
      [userLogoutRef, auth.userLogout],
      [getWssRef, auth.getWss],
      [unreadCountRef, inbox.userMessageUnreadCount],
    ] as const) {
      expect({ method: ref.method, path: ref.path }).toEqual({ method: c.method, path: c.path });
    }
  });

  it('live constants match the contracts and docs/spec.md §9', () => {
    expect([PING_INTERVAL_MS, PONG_TIMEOUT_MS, RECONNECT_DELAY_MS, MAX_RECONNECT_ATTEMPTS]).toEqual([P, PT, R, M]);
    expect([PING_INTERVAL_MS, PONG_TIMEOUT_MS, RECONNECT_DELAY_MS, MAX_RECONNECT_ATTEMPTS]).toEqual([
      5000, 3000, 5000, 5,
    ]);
  });
});
