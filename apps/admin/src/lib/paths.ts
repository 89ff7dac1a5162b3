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
