// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const auto = { method: 'POST', path: '/taiqiu/cashout/auto' } as Route<typeof contracts.cashout.auto>;
export const cashout = { method: 'POST', path: '/taiqiu/cashout' } as Route<typeof contracts.cashout.cashout>;
export const quote = { method: 'POST', path: '/taiqiu/cashout/quote' } as Route<typeof contracts.cashout.quote>;
export const values = { method: 'POST', path: '/taiqiu/cashout/values' } as Route<typeof contracts.cashout.values>;
