import { useSyncExternalStore } from 'react';
import { createSessionStore } from '@breakshot/client';
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

/** The session store of packages/client: another tab's login or logout (or a 401 there) shows here at once. */
const store = createSessionStore<OperatorSession>({
  key: SESSION_KEY,
  encode: (session) => JSON.stringify(session),
  decode: (raw) => {
    const session = JSON.parse(raw) as OperatorSession;
    return { session, expiresAt: Date.parse(session.expiresAt) };
  },
});

export const getSession = (): OperatorSession | null => store.get();

export const setSession = (session: OperatorSession | null): void => store.set(session);

export function useSession(): OperatorSession | null {
  return useSyncExternalStore(store.subscribe, getSession, getSession);
}
