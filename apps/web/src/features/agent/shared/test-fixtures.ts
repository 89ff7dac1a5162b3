/* Fixtures of the agent tests (imported by *.test.tsx only). */
import type { agent } from '@breakshot/contracts';

/** An agent with 1.20 % / 0.80 % / 0.50 % and a 30 % dividend ratio, both passwords set. */
export const agentProfile = (over: Partial<agent.AgentProfile> = {}): agent.AgentProfile => ({
  kind: 'agent',
  inviteCode: 'ME0001',
  rates: { taiqiu: 120, slots: 80, poker: 50 },
  dividendRatioBp: 3000,
  directCount: 3,
  teamCount: 12,
  newToday: 1,
  hasSecurityPassword: true,
  hasRechargePassword: true,
  mobileBound: true,
  figures: {
    commissionToday: 1_234,
    commissionMonth: 56_789,
    dividendWeek: 0,
    dividendMonth: 120_000,
    depositsToday: 500_000,
    withdrawalsToday: 100_000,
    validBetToday: 320_050,
    winLossToday: -45_600,
    rebatesToday: 2_300,
    bonusesToday: 1_000,
    feesToday: 1_500,
    insuranceNetToday: 700,
    registrationsToday: 4,
    firstDepositorsToday: 2,
  },
  ...over,
});

export const teamMember = (over: Partial<agent.TeamMember> = {}): agent.TeamMember => ({
  id: 7,
  username: 'member07',
  kind: 'member',
  vipLevel: 1,
  depth: 1,
  createdAt: '2026-03-01T08:00:00Z',
  lastLoginAt: '2026-03-02T09:30:00Z',
  online: false,
  balance: 5_000,
  teamSize: 0,
  deposits: 20_000,
  validBet: 15_000,
  ...over,
});

export const memberDetails = (over: Partial<agent.MemberDetails> = {}): agent.MemberDetails => ({
  ...teamMember(),
  nickname: 'Seven',
  mobile: '138****8000',
  upline: { id: 1, username: 'player01' },
  directCount: 0,
  rates: { taiqiu: 100, slots: 60, poker: 30 },
  dividendRatioBp: 0,
  month: { deposits: 10_000, withdrawals: 0, validBet: 8_000, winLoss: -2_000 },
  editable: true,
  ...over,
});

export const ok = (data: unknown) => ({ code: 200, data });
