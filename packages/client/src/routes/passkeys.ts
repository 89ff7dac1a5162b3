// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const list = { method: 'POST', path: '/user/passkey/list' } as Route<typeof contracts.passkeys.list>;
export const login = { method: 'POST', path: '/passkey/login' } as Route<typeof contracts.passkeys.login>;
export const loginOptions = { method: 'POST', path: '/passkey/loginOptions' } as Route<
  typeof contracts.passkeys.loginOptions
>;
export const register = { method: 'POST', path: '/user/passkey/register' } as Route<typeof contracts.passkeys.register>;
export const registerOptions = { method: 'POST', path: '/user/passkey/registerOptions' } as Route<
  typeof contracts.passkeys.registerOptions
>;
export const remove = { method: 'POST', path: '/user/passkey/remove' } as Route<typeof contracts.passkeys.remove>;
export const rename = { method: 'POST', path: '/user/passkey/rename' } as Route<typeof contracts.passkeys.rename>;
