// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const details = { method: 'POST', path: '/user/recharge/details' } as Route<typeof contracts.payments.details>;
export const payConfig = { method: 'POST', path: '/user/recharge/payConfig' } as Route<
  typeof contracts.payments.payConfig
>;
export const records = { method: 'POST', path: '/user/recharge/records' } as Route<typeof contracts.payments.records>;
export const startPay = { method: 'POST', path: '/user/recharge/startPay' } as Route<
  typeof contracts.payments.startPay
>;
