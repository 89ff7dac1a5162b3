// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const vipInfo = { method: 'POST', path: '/user/vip/info' } as Route<typeof contracts.vip.vipInfo>;
export const vipLevels = { method: 'POST', path: '/user/vip/levels' } as Route<typeof contracts.vip.vipLevels>;
