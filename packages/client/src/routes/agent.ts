// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const agentCardGet = { method: 'POST', path: '/agent/card/get' } as Route<typeof contracts.agent.agentCardGet>;
export const agentCardSave = { method: 'POST', path: '/agent/card/save' } as Route<
  typeof contracts.agent.agentCardSave
>;
export const agentCardUpline = { method: 'POST', path: '/agent/card/upline' } as Route<
  typeof contracts.agent.agentCardUpline
>;
export const agentHome = { method: 'POST', path: '/agent/home' } as Route<typeof contracts.agent.agentHome>;
export const agentLinkAdd = { method: 'POST', path: '/agent/link/add' } as Route<typeof contracts.agent.agentLinkAdd>;
export const agentLinks = { method: 'POST', path: '/agent/links' } as Route<typeof contracts.agent.agentLinks>;
export const agentLinkSetStatus = { method: 'POST', path: '/agent/link/setStatus' } as Route<
  typeof contracts.agent.agentLinkSetStatus
>;
export const agentMemberBalanceDetails = { method: 'POST', path: '/agent/user/balanceDetails' } as Route<
  typeof contracts.agent.agentMemberBalanceDetails
>;
export const agentMemberBetDetails = { method: 'POST', path: '/agent/member/betDetails' } as Route<
  typeof contracts.agent.agentMemberBetDetails
>;
export const agentMemberBets = { method: 'POST', path: '/agent/member/bets' } as Route<
  typeof contracts.agent.agentMemberBets
>;
export const agentMemberDetails = { method: 'POST', path: '/agent/member/details' } as Route<
  typeof contracts.agent.agentMemberDetails
>;
export const agentMembers = { method: 'POST', path: '/agent/members' } as Route<typeof contracts.agent.agentMembers>;
export const agentMemberSetRates = { method: 'POST', path: '/agent/member/setRates' } as Route<
  typeof contracts.agent.agentMemberSetRates
>;
export const agentOpenAccount = { method: 'POST', path: '/agent/openAccount' } as Route<
  typeof contracts.agent.agentOpenAccount
>;
export const agentPasswordReset = { method: 'POST', path: '/agent/password/reset' } as Route<
  typeof contracts.agent.agentPasswordReset
>;
export const agentRechargePasswordSet = { method: 'POST', path: '/agent/rechargePassword/set' } as Route<
  typeof contracts.agent.agentRechargePasswordSet
>;
export const agentSecurityPasswordSet = { method: 'POST', path: '/agent/securityPassword/set' } as Route<
  typeof contracts.agent.agentSecurityPasswordSet
>;
export const agentShareLinkSet = { method: 'POST', path: '/agent/shareLink/set' } as Route<
  typeof contracts.agent.agentShareLinkSet
>;
export const agentTransfer = { method: 'POST', path: '/agent/transfer' } as Route<typeof contracts.agent.agentTransfer>;
export const inviteClick = { method: 'POST', path: '/agent/link/click' } as Route<typeof contracts.agent.inviteClick>;
export const inviteThisMonth = { method: 'POST', path: '/user/inviteUser/thisMonthData' } as Route<
  typeof contracts.agent.inviteThisMonth
>;
