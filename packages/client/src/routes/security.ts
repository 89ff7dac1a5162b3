// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const bindMobile = { method: 'POST', path: '/user/edit/bindMobile' } as Route<
  typeof contracts.security.bindMobile
>;
export const changeMobile = { method: 'POST', path: '/user/edit/changeMobile' } as Route<
  typeof contracts.security.changeMobile
>;
export const forgetPassword = { method: 'POST', path: '/forgetPassword' } as Route<
  typeof contracts.security.forgetPassword
>;
export const resetFundPassword = { method: 'POST', path: '/user/edit/resetFundPassword' } as Route<
  typeof contracts.security.resetFundPassword
>;
export const sendSmsCode = { method: 'POST', path: '/user/edit/sendSmsCode' } as Route<
  typeof contracts.security.sendSmsCode
>;
