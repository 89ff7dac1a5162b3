/** The console's routes (under the router's basename /admin); links are built from these. */
export const paths = {
  login: '/login',
  /** An operator's setup link (operatorsAdmin.operatorInvite): public, like the login. */
  setup: (token: string) => `/setup/${token}`,
  setupPattern: '/setup/:token',
  home: '/',
  dashboard: '/dashboard',
  reports: '/reports',
  reportsPayments: '/reports/payments',
  reportsPlayers: '/reports/players',
  reportsAgents: '/reports/agents',
  players: '/players',
  player: (username: string) => `/players/${encodeURIComponent(username)}`,
  playerPattern: '/players/:username',
  agents: '/agents',
  deposits: '/deposits',
  withdrawals: '/withdrawals',
  kyc: '/kyc',
  heldWins: '/held-wins',
  billiards: '/billiards',
  tradingOverview: '/trading-overview',
  tradingAlerts: '/trading-alerts',
  tradingTicker: '/trading-ticker',
  tradingCorrections: '/trading-corrections',
  /** The result corrections of one match. */
  matchCorrections: (matchId: number) => `/trading-corrections?match=${matchId}`,
  feed: '/feed',
  /** The feed page's event log of one match. */
  feedMatch: (matchId: number) => `/feed?match=${matchId}`,
  games: '/games',
  vip: '/vip',
  rewards: '/rewards',
  channels: '/channels',
  notices: '/notices',
  promotions: '/promotions',
  operators: '/operators',
  pages: '/pages',
  messages: '/messages',
  feedback: '/feedback',
  audit: '/audit',
  smsOutbox: '/sms-outbox',
} as const;

/** Where the server serves the console. */
export const BASENAME = '/admin';

/** The ticker opened on one match: /trading-ticker?match=<id>. */
export const TICKER_MATCH_PARAM = 'match';

/** The corrections log opened on one match: /trading-corrections?match=<id>. */
export const CORRECTIONS_MATCH_PARAM = 'match';

/** The match a page was opened on (TICKER_MATCH_PARAM, CORRECTIONS_MATCH_PARAM), if a valid id. */
export function matchIdParam(value: string | null): number | undefined {
  const id = Number(value);
  return value !== null && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}
