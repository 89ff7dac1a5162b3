// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const alertAck = { method: 'POST', path: '/taiqiu/alert/ack' } as Route<typeof contracts.taiqiuAdmin.alertAck>;
export const alerts = { method: 'POST', path: '/taiqiu/alerts' } as Route<typeof contracts.taiqiuAdmin.alerts>;
export const cashoutSettings = { method: 'POST', path: '/taiqiu/cashout/settings' } as Route<
  typeof contracts.taiqiuAdmin.cashoutSettings
>;
export const cashoutSettingsSet = { method: 'POST', path: '/taiqiu/cashout/settings/set' } as Route<
  typeof contracts.taiqiuAdmin.cashoutSettingsSet
>;
export const cashoutSwitch = { method: 'POST', path: '/taiqiu/match/cashout' } as Route<
  typeof contracts.taiqiuAdmin.cashoutSwitch
>;
export const correctionApprove = { method: 'POST', path: '/taiqiu/correction/approve' } as Route<
  typeof contracts.taiqiuAdmin.correctionApprove
>;
export const correctionBets = { method: 'POST', path: '/taiqiu/correction/bets' } as Route<
  typeof contracts.taiqiuAdmin.correctionBets
>;
export const correctionCreate = { method: 'POST', path: '/taiqiu/correction/create' } as Route<
  typeof contracts.taiqiuAdmin.correctionCreate
>;
export const correctionPreview = { method: 'POST', path: '/taiqiu/correction/preview' } as Route<
  typeof contracts.taiqiuAdmin.correctionPreview
>;
export const correctionReject = { method: 'POST', path: '/taiqiu/correction/reject' } as Route<
  typeof contracts.taiqiuAdmin.correctionReject
>;
export const corrections = { method: 'POST', path: '/taiqiu/corrections' } as Route<
  typeof contracts.taiqiuAdmin.corrections
>;
export const delaySet = { method: 'POST', path: '/taiqiu/match/delay' } as Route<typeof contracts.taiqiuAdmin.delaySet>;
export const exposure = { method: 'POST', path: '/taiqiu/exposure' } as Route<typeof contracts.taiqiuAdmin.exposure>;
export const liability = { method: 'POST', path: '/taiqiu/match/liability' } as Route<
  typeof contracts.taiqiuAdmin.liability
>;
export const limitSet = { method: 'POST', path: '/taiqiu/match/limit' } as Route<typeof contracts.taiqiuAdmin.limitSet>;
export const marketOpen = { method: 'POST', path: '/taiqiu/market/open' } as Route<
  typeof contracts.taiqiuAdmin.marketOpen
>;
export const marketsSet = { method: 'POST', path: '/taiqiu/match/markets' } as Route<
  typeof contracts.taiqiuAdmin.marketsSet
>;
export const marketSuspend = { method: 'POST', path: '/taiqiu/market/suspend' } as Route<
  typeof contracts.taiqiuAdmin.marketSuspend
>;
export const matchCancel = { method: 'POST', path: '/taiqiu/match/cancel' } as Route<
  typeof contracts.taiqiuAdmin.matchCancel
>;
export const matchCreate = { method: 'POST', path: '/taiqiu/match/create' } as Route<
  typeof contracts.taiqiuAdmin.matchCreate
>;
export const matchesList = { method: 'POST', path: '/taiqiu/matches' } as Route<
  typeof contracts.taiqiuAdmin.matchesList
>;
export const matchResult = { method: 'POST', path: '/taiqiu/match/result' } as Route<
  typeof contracts.taiqiuAdmin.matchResult
>;
export const oddsSet = { method: 'POST', path: '/taiqiu/odds/set' } as Route<typeof contracts.taiqiuAdmin.oddsSet>;
export const parlaySettings = { method: 'POST', path: '/taiqiu/parlay/settings' } as Route<
  typeof contracts.taiqiuAdmin.parlaySettings
>;
export const parlaySettingsSet = { method: 'POST', path: '/taiqiu/parlay/settings/set' } as Route<
  typeof contracts.taiqiuAdmin.parlaySettingsSet
>;
export const playerLimits = { method: 'POST', path: '/taiqiu/player/limits' } as Route<
  typeof contracts.taiqiuAdmin.playerLimits
>;
export const playerLimitsSet = { method: 'POST', path: '/taiqiu/player/limits/set' } as Route<
  typeof contracts.taiqiuAdmin.playerLimitsSet
>;
export const scoreSet = { method: 'POST', path: '/taiqiu/match/score' } as Route<typeof contracts.taiqiuAdmin.scoreSet>;
export const ticker = { method: 'POST', path: '/taiqiu/ticker' } as Route<typeof contracts.taiqiuAdmin.ticker>;
export const tradingRules = { method: 'POST', path: '/taiqiu/trading/rules' } as Route<
  typeof contracts.taiqiuAdmin.tradingRules
>;
export const tradingRulesSet = { method: 'POST', path: '/taiqiu/trading/rules/set' } as Route<
  typeof contracts.taiqiuAdmin.tradingRulesSet
>;
