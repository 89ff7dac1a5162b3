// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const gameEnable = { method: 'POST', path: '/games/game/enable' } as Route<
  typeof contracts.gamesAdmin.gameEnable
>;
export const gameSave = { method: 'POST', path: '/games/game/save' } as Route<typeof contracts.gamesAdmin.gameSave>;
export const gamesList = { method: 'POST', path: '/games/list' } as Route<typeof contracts.gamesAdmin.gamesList>;
export const heldWinRefuse = { method: 'POST', path: '/games/held-win/refuse' } as Route<
  typeof contracts.gamesAdmin.heldWinRefuse
>;
export const heldWinRelease = { method: 'POST', path: '/games/held-win/release' } as Route<
  typeof contracts.gamesAdmin.heldWinRelease
>;
export const heldWinsList = { method: 'POST', path: '/games/held-wins' } as Route<
  typeof contracts.gamesAdmin.heldWinsList
>;
export const providerEnable = { method: 'POST', path: '/games/provider/enable' } as Route<
  typeof contracts.gamesAdmin.providerEnable
>;
export const providerSave = { method: 'POST', path: '/games/provider/save' } as Route<
  typeof contracts.gamesAdmin.providerSave
>;
export const providersList = { method: 'POST', path: '/games/providers' } as Route<
  typeof contracts.gamesAdmin.providersList
>;
export const transactionsList = { method: 'POST', path: '/games/transactions' } as Route<
  typeof contracts.gamesAdmin.transactionsList
>;
export const winLimitDefaultSet = { method: 'POST', path: '/games/win-limit' } as Route<
  typeof contracts.gamesAdmin.winLimitDefaultSet
>;
