// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const bet = { method: 'POST', path: '/taiqiu/bet' } as Route<typeof contracts.taiqiu.bet>;
export const favourites = { method: 'POST', path: '/taiqiu/favourites' } as Route<typeof contracts.taiqiu.favourites>;
export const favouriteSet = { method: 'POST', path: '/taiqiu/favourites/set' } as Route<
  typeof contracts.taiqiu.favouriteSet
>;
export const match = { method: 'POST', path: '/taiqiu/match' } as Route<typeof contracts.taiqiu.match>;
export const matches = { method: 'POST', path: '/taiqiu/matches' } as Route<typeof contracts.taiqiu.matches>;
export const parlay = { method: 'POST', path: '/taiqiu/parlay' } as Route<typeof contracts.taiqiu.parlay>;
export const parlayRules = { method: 'POST', path: '/taiqiu/parlay/rules' } as Route<
  typeof contracts.taiqiu.parlayRules
>;
export const preferences = { method: 'POST', path: '/taiqiu/preferences' } as Route<
  typeof contracts.taiqiu.preferences
>;
export const preferencesSet = { method: 'POST', path: '/taiqiu/preferences/set' } as Route<
  typeof contracts.taiqiu.preferencesSet
>;
export const tracker = { method: 'POST', path: '/taiqiu/tracker' } as Route<typeof contracts.taiqiu.tracker>;
