// The server's modules in layers, lowest first (docs/architecture.md, "Layers"). A module imports
// the faces (service.ts) of modules in its own layer or a lower one, never a higher one
// (eslint.config.js); test/architecture/module-graph.test.ts checks that every module of
// src/modules is in exactly one layer and that the module graph has no cycle.

/** @type {string[][]} */
export const serverLayers = [
  // Core: what every other module stands on.
  ['system', 'captcha', 'uploads', 'wallet', 'turnover', 'content', 'auth', 'operators'],
  // Domain: what players and operators do.
  [
    'limits',
    'messages',
    'payments',
    'withdrawals',
    'bets',
    'taiqiu',
    'feed',
    'games',
    'demo-provider',
    'demo-feed',
    'feedback',
    'security',
    'promotions',
    'rewards',
    'admin',
    'player-risk',
    'kyc',
    'passkeys',
  ],
  // Derived: what follows from the domain's events (and the agent area built on them).
  ['agents', 'vip', 'rebates', 'wheel', 'report', 'push'],
];
