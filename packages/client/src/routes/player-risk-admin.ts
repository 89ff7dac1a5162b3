// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const playerLinks = { method: 'POST', path: '/players/risk/links' } as Route<
  typeof contracts.playerRiskAdmin.playerLinks
>;
export const playerNoteAdd = { method: 'POST', path: '/players/risk/notes' } as Route<
  typeof contracts.playerRiskAdmin.playerNoteAdd
>;
export const playerRisk = { method: 'POST', path: '/players/risk' } as Route<
  typeof contracts.playerRiskAdmin.playerRisk
>;
export const playerTagsSet = { method: 'POST', path: '/players/risk/tags' } as Route<
  typeof contracts.playerRiskAdmin.playerTagsSet
>;
