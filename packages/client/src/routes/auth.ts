// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const captchaChallenge = { method: 'POST', path: '/captcha/challenge' } as Route<
  typeof contracts.auth.captchaChallenge
>;
export const captchaCheckCode = { method: 'POST', path: '/captcha/checkCode' } as Route<
  typeof contracts.auth.captchaCheckCode
>;
export const captchaGetCode = { method: 'POST', path: '/captcha/getCode' } as Route<
  typeof contracts.auth.captchaGetCode
>;
export const getWss = { method: 'POST', path: '/getWss' } as Route<typeof contracts.auth.getWss>;
export const login = { method: 'POST', path: '/login' } as Route<typeof contracts.auth.login>;
export const register = { method: 'POST', path: '/register' } as Route<typeof contracts.auth.register>;
export const userInfo = { method: 'POST', path: '/user/info' } as Route<typeof contracts.auth.userInfo>;
export const userLogout = { method: 'POST', path: '/user/logout' } as Route<typeof contracts.auth.userLogout>;
