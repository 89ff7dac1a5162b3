// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const kycGet = { method: 'POST', path: '/user/kyc/status' } as Route<typeof contracts.kyc.kycGet>;
export const kycSubmit = { method: 'POST', path: '/user/kyc/submit' } as Route<typeof contracts.kyc.kycSubmit>;
