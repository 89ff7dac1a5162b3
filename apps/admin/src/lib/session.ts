import { useSyncExternalStore } from 'react';
import type { admin, operatorAuth } from '@breakshot/contracts';

/** The logged-in operator, kept in sessionStorage (one browser tab, gone when it closes). */
export interface OperatorSession {
  token: string;
  operator: operatorAuth.Operator;
  expiresAt: string;
  /** The site's time zone: every time in the console is on its clock (lib/time.ts). */
  timeZone: string;
}
export type Role = admin.OperatorRole;

/** How each role is named on screen. */
export const roleLabels: Record<Role, string> = {
  admin: '管理员',
  finance: '财务',
  risk: '风控',
  content: '内容运营',
};

export const SESSION_KEY = 'breakshot.admin.session';

function read(): OperatorSession | null {
  try {
    const raw = sessionStorage.getItem(SESSION_KEY);
    return raw ? (JSON.parse(raw) as OperatorSession) : null;
  } catch {
    return null;
  }
}

let current: OperatorSession | null | undefined;
const listeners = new Set<() => void>();

export function getSession(): OperatorSession | null {
  if (current === undefined) current = read();
  return current;
}

export function setSession(session: OperatorSession | null): void {
  current = session;
  if (session) sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
  else sessionStorage.removeItem(SESSION_KEY);
  for (const l of listeners) l();
}

/** Forgets the cached value so the next read comes from sessionStorage (tests). */
export function reloadSession(): void {
  current = undefined;
  for (const l of listeners) l();
}

function subscribe(fn: () => void) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function useSession(): OperatorSession | null {
  return useSyncExternalStore(subscribe, getSession, getSession);
}
