// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const agentDetails = { method: 'POST', path: '/agents/details' } as Route<
  typeof contracts.agentsAdmin.agentDetails
>;
export const agentLinkStatusSave = { method: 'POST', path: '/agents/link/setStatus' } as Route<
  typeof contracts.agentsAdmin.agentLinkStatusSave
>;
export const agentProfileSave = { method: 'POST', path: '/agents/profile/save' } as Route<
  typeof contracts.agentsAdmin.agentProfileSave
>;
export const agentsList = { method: 'POST', path: '/agents/list' } as Route<typeof contracts.agentsAdmin.agentsList>;
export const agentTransfersList = { method: 'POST', path: '/agents/transfers' } as Route<
  typeof contracts.agentsAdmin.agentTransfersList
>;
