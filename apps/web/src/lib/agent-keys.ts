/**
 * Query keys of the agent area (features/agent) and the share pages (features/share), shared
 * because a change in one refreshes the other (a new link, the share link): all start with 'user'
 * so BALANCE_UPDATED refreshes them too.
 */
export const agentKeys = {
  all: ['user', 'agent'] as const,
  home: () => ['user', 'agent', 'home'] as const,
  links: () => ['user', 'agent', 'links'] as const,
  thisMonth: () => ['user', 'agent', 'thisMonth'] as const,
  members: (filter: object) => ['user', 'agent', 'members', filter] as const,
  member: (id: number) => ['user', 'agent', 'member', id] as const,
  memberBets: (id: number, filter: object) => ['user', 'agent', 'member', id, 'bets', filter] as const,
  memberBet: (id: number, betNo: string) => ['user', 'agent', 'member', id, 'bet', betNo] as const,
  memberFunds: (id: number, filter: object) => ['user', 'agent', 'member', id, 'funds', filter] as const,
  card: () => ['user', 'agent', 'card'] as const,
  report: (request: object) => ['user', 'agent', 'report', request] as const,
  reportDay: (request: object) => ['user', 'agent', 'reportDay', request] as const,
  platformRates: () => ['user', 'agent', 'platformRates'] as const,
  dividendRatios: () => ['user', 'agent', 'dividendRatios'] as const,
  uplineCard: () => ['user', 'agent', 'uplineCard'] as const,
};
