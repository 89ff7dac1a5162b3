// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const kycApprove = { method: 'POST', path: '/kyc/approve' } as Route<typeof contracts.kycAdmin.kycApprove>;
export const kycGetOne = { method: 'POST', path: '/kyc/detail' } as Route<typeof contracts.kycAdmin.kycGetOne>;
export const kycList = { method: 'POST', path: '/kyc/list' } as Route<typeof contracts.kycAdmin.kycList>;
export const kycReject = { method: 'POST', path: '/kyc/reject' } as Route<typeof contracts.kycAdmin.kycReject>;
export const kycReveal = { method: 'POST', path: '/kyc/reveal' } as Route<typeof contracts.kycAdmin.kycReveal>;
export const kycSettingsGet = { method: 'POST', path: '/kyc/settings' } as Route<
  typeof contracts.kycAdmin.kycSettingsGet
>;
export const kycSettingsSet = { method: 'POST', path: '/kyc/settings/set' } as Route<
  typeof contracts.kycAdmin.kycSettingsSet
>;
