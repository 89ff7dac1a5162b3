/** The console's routes (under the router's basename /admin); links are built from these. */
export const paths = {
  login: '/login',
  home: '/',
  dashboard: '/dashboard',
  players: '/players',
  player: (username: string) => `/players/${encodeURIComponent(username)}`,
  playerPattern: '/players/:username',
  deposits: '/deposits',
  withdrawals: '/withdrawals',
  billiards: '/billiards',
  channels: '/channels',
  notices: '/notices',
  operators: '/operators',
  pages: '/pages',
  audit: '/audit',
} as const;

/** Where the server serves the console. */
export const BASENAME = '/admin';
