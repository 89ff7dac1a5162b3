// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const changeAvatar = { method: 'POST', path: '/user/edit/changeAvatar' } as Route<
  typeof contracts.profile.changeAvatar
>;
export const changeBirthday = { method: 'POST', path: '/user/edit/changeBirthday' } as Route<
  typeof contracts.profile.changeBirthday
>;
export const changeNickname = { method: 'POST', path: '/user/edit/changeNickname' } as Route<
  typeof contracts.profile.changeNickname
>;
export const changePassword = { method: 'POST', path: '/user/edit/changePassword' } as Route<
  typeof contracts.profile.changePassword
>;
export const changeSex = { method: 'POST', path: '/user/edit/changeSex' } as Route<typeof contracts.profile.changeSex>;
