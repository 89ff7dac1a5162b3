// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const suggestionList = { method: 'POST', path: '/user/suggestion/list' } as Route<
  typeof contracts.feedback.suggestionList
>;
export const userSuggestion = { method: 'POST', path: '/user/userSuggestion' } as Route<
  typeof contracts.feedback.userSuggestion
>;
