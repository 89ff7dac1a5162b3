import { useSyncExternalStore } from 'react';
import type { operatorCalls, operatorsAdmin } from '@breakshot/contracts';

/**
 * The logged-in operator, kept in localStorage: every tab of the console shares it until it
 * expires (the server's 12 hours) or any tab logs out (docs/security.md, "Console session").
 */
export interface OperatorSession {
  token: string;
  operator: operatorsAdmin.Operator;
  expiresAt: string;
  /** The site's time zone: every time in the console is on its clock (lib/time.ts). */
  timeZone: string;
}
export type Role = operatorCalls.OperatorRole;

/** How each role is named on screen. */
export const roleLabels: Record<Role, string> = {
  admin: '管理员',
  finance: '财务',
  risk: '风控',
  content: '内容运营',
};

export const SESSION_KEY = 'breakshot.admin.session';

function parse(raw: string | null): OperatorSession | null {
  try {
    const session = raw ? (JSON.parse(raw) as OperatorSession) : null;
    return session && Date.parse(session.expiresAt) > Date.now() ? session : null;
  } catch {
    return null;
  }
}

const read = () => parse(localStorage.getItem(SESSION_KEY));

let current: OperatorSession | null | undefined;
const listeners = new Set<() => void>();

export function getSession(): OperatorSession | null {
  if (current === undefined) current = read();
  return current;
}

export function setSession(session: OperatorSession | null): void {
  current = session;
  if (session) localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  else localStorage.removeItem(SESSION_KEY);
  for (const l of listeners) l();
}

/** Forgets the cached value so the next read comes from localStorage (tests). */
export function reloadSession(): void {
  current = undefined;
  for (const l of listeners) l();
}

// Another tab logged in or out (or a 401 there ended the session): this tab follows at once.
window.addEventListener('storage', (e) => {
  if (e.key === SESSION_KEY || e.key === null) reloadSession();
});

function subscribe(fn: () => void) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function useSession(): OperatorSession | null {
  return useSyncExternalStore(subscribe, getSession, getSession);
}
