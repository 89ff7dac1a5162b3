import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import websocket from '@fastify/websocket';
import { feed, hub88 } from '@breakshot/contracts';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import {
  DEFAULT_PUSH_CONTACT,
  type AppContext,
  type PasswordHashing,
  type PushSettings,
  type RateLimitSettings,
  type SmsSettings,
} from './platform/context.js';
import type { Database } from './platform/db.js';
import { registerCompression } from './platform/compression.js';
import { registerDocs } from './platform/docs.js';
import { frameworkErrors, registerErrorHandler } from './platform/error-handler.js';
import { registerHealth } from './platform/health.js';
import { LiveHub } from './platform/live/hub.js';
import { liveRoutes } from './platform/live/routes.js';
import { consoleLiveRoutes } from './platform/live/console-routes.js';
import { registerMetrics } from './platform/metrics.js';
import { defaultRateLimits, registerRateLimit } from './platform/rate-limit.js';
import { registerSecurity } from './platform/security.js';
import { fastifyTrustProxy, type TrustProxy } from './platform/trust-proxy.js';
import { secretBox } from './platform/secret-box.js';
import { prepareDatabase } from './seed/prepare.js';
import { firstScreenData } from './first-screen.js';
import { domainEventBus } from './subscribers.js';
import { registerLedgerReferences } from './ledger-references.js';
import { registerWebApp, type WebAppOptions } from './platform/web-app.js';
import { authRoutes } from './modules/auth/routes.js';
import { limitsRoutes } from './modules/limits/routes.js';
import { passkeyRoutes } from './modules/passkeys/routes.js';
import { limitsAdminRoutes } from './modules/limits/admin-routes.js';
import { OWASP_ARGON2 } from './platform/password.js';
import { FREE_ATTEMPTS, POW_BASE, TEST_POW_BASE, type ProofOfWorkSettings } from './platform/proof-of-work.js';
import { operatorArea } from './platform/operator-area.js';
import { captchaRoutes } from './modules/captcha/routes.js';
import { systemRoutes } from './modules/system/routes.js';
import { withdrawalRoutes } from './modules/withdrawals/routes.js';
import { sealAccountNumbers } from './modules/withdrawals/service.js';
import { adminRoutes } from './modules/admin/admin-routes.js';
import { contentAdminRoutes } from './modules/content/admin-routes.js';
import { paymentsAdminRoutes } from './modules/payments/admin-routes.js';
import { systemAdminRoutes } from './modules/system/admin-routes.js';
import { withdrawalsAdminRoutes } from './modules/withdrawals/admin-routes.js';
import { walletRoutes } from './modules/wallet/routes.js';
import { paymentRoutes } from './modules/payments/routes.js';
import { Scheduler } from './platform/scheduler.js';
import { taiqiuRoutes } from './modules/taiqiu/routes.js';
import { taiqiuAdminRoutes } from './modules/taiqiu/admin-routes.js';
import { feedAdminRoutes } from './modules/feed/admin-routes.js';
import { feedRoutes } from './modules/feed/routes.js';
import { sealMatchSeeds } from './modules/taiqiu/fairness.js';
import { cancelSimulatedMatches, decideEndedMatches } from './modules/taiqiu/settlement.js';
import { betRoutes } from './modules/bets/routes.js';
import { contentRoutes } from './modules/content/routes.js';
import { messageRoutes } from './modules/messages/routes.js';
import { messageAdminRoutes } from './modules/messages/admin-routes.js';
import { feedbackRoutes } from './modules/feedback/routes.js';
import { feedbackAdminRoutes } from './modules/feedback/admin-routes.js';
import { reportRoutes } from './modules/report/routes.js';
import { uploadRoutes } from './modules/uploads/routes.js';
import { operatorLoginRoutes, operatorRoutes } from './modules/operators/admin-routes.js';
import {
  findOperatorSession,
  liveSessions,
  redeemConsoleTicket,
  sealTotpSecrets,
} from './modules/operators/service.js';
import { sealGatewaySecret } from './modules/payments/service.js';
import { sealStoredKeys } from './platform/signing.js';
import { securityRoutes } from './modules/security/routes.js';
import { securityAdminRoutes } from './modules/security/admin-routes.js';
import { gameRoutes } from './modules/games/routes.js';
import { gamesAdminRoutes } from './modules/games/admin-routes.js';
import { providerWalletRoutes } from './modules/games/provider-routes.js';
import { DEMO_PROVIDER_ID } from './modules/demo-provider/catalogue.js';
import { demoProviderRoutes } from './modules/demo-provider/routes.js';
import { sealSessionSeeds } from './modules/demo-provider/sessions.js';
import { rewardRoutes } from './modules/rewards/routes.js';
import { rewardsAdminRoutes } from './modules/rewards/admin-routes.js';
import { wheelRoutes } from './modules/wheel/routes.js';
import { wheelAdminRoutes } from './modules/wheel/admin-routes.js';
import { sealDaySeeds } from './modules/wheel/days.js';
import { rebateRoutes } from './modules/rebates/routes.js';
import { playerRiskAdminRoutes } from './modules/player-risk/admin-routes.js';
import { reportAdminRoutes } from './modules/report/admin-routes.js';
import { kycAdminRoutes } from './modules/kyc/admin-routes.js';
import { kycRoutes } from './modules/kyc/routes.js';
import { rebatesAdminRoutes } from './modules/rebates/admin-routes.js';
import { vipRoutes } from './modules/vip/routes.js';
import { vipAdminRoutes } from './modules/vip/admin-routes.js';
import { promotionRoutes } from './modules/promotions/routes.js';
import { promotionsAdminRoutes } from './modules/promotions/admin-routes.js';
import { agentRoutes } from './modules/agents/routes.js';
import { agentAccountRoutes } from './modules/agents/account-routes.js';
import { agentReportRoutes } from './modules/agents/reports/routes.js';
import { disableDemoTeam, ensureDemoTeam } from './modules/agents/demo-team.js';
import { agentsAdminRoutes } from './modules/agents/admin-routes.js';
import { periodicJobs } from './jobs.js';
import { backgroundTickers } from './tickers.js';
import { pushRoutes } from './modules/push/service.js';
import { settlementsDone } from './modules/taiqiu/service.js';
import type { Ticker } from './platform/ticker.js';
import { answersOfLeftClients } from './platform/shutdown.js';

export interface BuildAppOptions {
  /** An open database; the app owns it from now on and closes it on app.close(). */
  database: Database;
  /** Fastify's logger option; false (the default) logs nothing. */
  logger?: FastifyServerOptions['logger'];
  /** Which proxies are believed about the client's address (server.ts: TRUST_PROXY); default none. */
  trustProxy?: TrustProxy;
  /** The clock; tests move it to expire captchas, sessions and lockouts. */
  now?: () => Date;
  /** When set, every captcha's answer is this code and proofs of work are small (automated tests). */
  captchaTestCode?: string | undefined;
  /** Default: POW_BASE (TEST_POW_BASE with a captcha test code) and FREE_ATTEMPTS. */
  proofOfWork?: Partial<ProofOfWorkSettings>;
  passwordHashing?: PasswordHashing;
  rateLimits?: Partial<RateLimitSettings>;
  /** Redis holding the rate-limit counters every instance shares (server.ts: REDIS_URL); unset: in memory. */
  redisUrl?: string | undefined;
  webDist?: string;
  /** Folder of the built operator console, served at /admin/. */
  adminDist?: string;
  runtimeConfig?: WebAppOptions['runtimeConfig'];
  /** The operator token of /api/admin (server.ts: ADMIN_TOKEN or a generated one); none: refused. */
  adminToken?: string | undefined;
  /** Apply migrations and seed an empty database first (default true). */
  prepare?: boolean;
  /** Run the periodic jobs (default true; tests call the jobs directly). */
  scheduler?: boolean;
  /** Demo mode: the demo feed provider plays billiards matches through the feed API (default false; server.ts: config.demo). */
  demo?: boolean;
  /** A production start (NODE_ENV=production): without demo mode, the demo team found is disabled. */
  production?: boolean;
  /** The sandbox payment gateway and its channels (default false; server.ts: config.sandboxPay). */
  sandboxPay?: boolean;
  /** The sandbox gateway's HMAC secret (server.ts: config.sandboxPaySecret); unset: a stored one. */
  sandboxPaySecret?: string | undefined;
  /** Where SMS codes go (default: the outbox; server.ts: config.sms). */
  sms?: SmsSettings;
  /** The built-in demo provider's games (default false; server.ts: config.demo). */
  demoProvider?: boolean;
  /** Where the demo provider calls the wallet (server.ts: config.demoProviderWalletUrl); unset: this app. */
  demoProviderWalletUrl?: string | undefined;
  /** The seamless wallet's signing key (server.ts: config.operatorWalletKey); unset: a stored one. */
  operatorWalletKey?: string | undefined;
  /** Web push's VAPID subject and endpoint allowance (server.ts: config.push); default: no test endpoints. */
  push?: Partial<PushSettings>;
  /** The key sealing secrets in the database (server.ts: SECRETS_KEY or <dataDir>/secrets.key); every instance on one database needs the same. */
  secretsKey: Buffer;
}

/** The operator area's parts, each a module's operator routes (the area guards them all). */
const operatorAreas = [
  adminRoutes,
  paymentsAdminRoutes,
  withdrawalsAdminRoutes,
  contentAdminRoutes,
  systemAdminRoutes,
  taiqiuAdminRoutes,
  feedAdminRoutes,
  operatorRoutes,
  securityAdminRoutes,
  messageAdminRoutes,
  feedbackAdminRoutes,
  limitsAdminRoutes,
  gamesAdminRoutes,
  rewardsAdminRoutes,
  wheelAdminRoutes,
  vipAdminRoutes,
  rebatesAdminRoutes,
  promotionsAdminRoutes,
  agentsAdminRoutes,
  playerRiskAdminRoutes,
  reportAdminRoutes,
  kycAdminRoutes,
];

/** The whole server as a Fastify instance, ready for inject() or listen(). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  registerLedgerReferences();
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  const now = options.now ?? (() => new Date());
  const { database } = options;
  const live = new LiveHub(database, app.log, now, (ids) => liveSessions(database.db, ids, now()));
  const secrets = secretBox(options.secretsKey);
  try {
    if (options.prepare ?? true) {
      await prepareDatabase(database, now(), { sandboxPay: options.sandboxPay ?? false }, app.log);
      // Secrets stored before sealing existed are sealed now (secret-box.ts).
      const sealing = { db: database.db, secrets };
      await sealStoredKeys(sealing.db, secrets);
      await sealGatewaySecret(sealing);
      await sealTotpSecrets(sealing);
      await sealAccountNumbers(sealing);
      // So are provably fair seeds not yet revealed.
      await sealDaySeeds(sealing, now());
      await sealMatchSeeds(sealing);
      await sealSessionSeeds(sealing);
    }
    await live.start();
  } catch (err) {
    await database.close();
    throw err;
  }
  const scheduler = new Scheduler(database.db, app.log, now);
  answersOfLeftClients(app);
  // Work on timers of their own (made below, once the context is): stopped before the database closes.
  const tickers: Ticker[] = [];
  app.addHook('onClose', async () => {
    await Promise.all(tickers.map((t) => t.stop()));
    await settlementsDone(ctx);
    await scheduler.stop();
    await live.stop();
    await database.close();
  });

  const ctx: AppContext = {
    database,
    db: database.db,
    readDb: database.readDb,
    now,
    live,
    events: domainEventBus(),
    captchaTestCode: options.captchaTestCode,
    passwordHashing: options.passwordHashing ?? OWASP_ARGON2,
    rateLimits: { ...defaultRateLimits, ...options.rateLimits },
    proofOfWork: {
      base: options.captchaTestCode ? TEST_POW_BASE : POW_BASE,
      freeAttempts: FREE_ATTEMPTS,
      ...options.proofOfWork,
    },
    sandboxPay: options.sandboxPay ?? false,
    sandboxPaySecret: options.sandboxPaySecret,
    sms: options.sms ?? { provider: 'outbox' },
    operatorWalletKey: options.operatorWalletKey,
    secrets,
    push: { contact: DEFAULT_PUSH_CONTACT, testEndpoints: false, ...options.push },
  };
  app.decorate('ctx', ctx);
  app.decorateRequest('user', null);

  await registerSecurity(app);
  await registerCompression(app);
  await registerMetrics(app, options.adminToken);
  await registerDocs(app);
  await registerRateLimit(app, options.redisUrl);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });

  await app.register(systemRoutes);
  await app.register(captchaRoutes);
  await app.register(authRoutes);
  await app.register(liveRoutes);
  await app.register(consoleLiveRoutes, { redeem: (ticket) => redeemConsoleTicket(ctx.db, ticket, now()) });
  await app.register(withdrawalRoutes);
  await app.register(walletRoutes);
  await app.register(paymentRoutes);
  await app.register(taiqiuRoutes);
  await app.register(operatorLoginRoutes);
  await app.register(operatorArea, {
    token: options.adminToken,
    findSession: (token) => findOperatorSession(ctx.db, token, now()),
    areas: operatorAreas,
  });
  await app.register(betRoutes);
  await app.register(contentRoutes);
  await app.register(reportRoutes);
  await app.register(messageRoutes);
  await app.register(feedbackRoutes);
  await app.register(kycRoutes);
  await app.register(limitsRoutes);
  await app.register(passkeyRoutes);
  await app.register(pushRoutes);
  await app.register(uploadRoutes);
  await app.register(securityRoutes);
  await app.register(rewardRoutes);
  await app.register(wheelRoutes);
  await app.register(rebateRoutes);
  await app.register(vipRoutes);
  await app.register(promotionRoutes);
  await app.register(agentRoutes);
  await app.register(agentAccountRoutes);
  await app.register(agentReportRoutes);
  // A database once run in demo mode keeps the demo provider, switched as the operator left it;
  // without demo mode its pages are not served here, so its games are neither listed nor launched.
  await app.register(gameRoutes, { notServed: options.demoProvider ? [] : [DEMO_PROVIDER_ID] });
  await app.register(providerWalletRoutes, { prefix: hub88.PROVIDER_PREFIX });
  await app.register(feedRoutes, { prefix: feed.FEED_PREFIX });

  if (options.demoProvider) await app.register(demoProviderRoutes, { walletUrl: options.demoProviderWalletUrl });

  await registerHealth(app);
  await registerWebApp(app, {
    webDist: options.webDist,
    adminDist: options.adminDist,
    runtimeConfig: options.runtimeConfig ?? { VITE_API_BASE_URL: '/', VITE_PAGE_TITLE: 'Breakshot' },
    firstScreen: (path, lang) => firstScreenData(ctx, path, lang),
  });
  await app.ready();
  await cancelSimulatedMatches(ctx, app.log);
  await decideEndedMatches(ctx);
  // Demo mode: the demo agent team, made (or finished) once through the agent services (known passwords).
  if (options.demo) await ensureDemoTeam(ctx);
  else if (options.production) {
    const disabled = await disableDemoTeam(ctx);
    if (disabled.length > 0)
      app.log.warn(
        { accounts: disabled },
        'demo accounts with published passwords found in a production database were disabled (audited, sessions ended); they cannot be deleted, as the ledger keeps their money moves, and every production start disables them again: to serve production without them, start on a new DATA_DIR or an empty DATABASE_URL',
      );
  }
  if (options.scheduler ?? true) {
    scheduler.start(periodicJobs(ctx));
    tickers.push(...backgroundTickers(ctx, app, options.demo ?? false));
    for (const ticker of tickers) ticker.start();
  }
  return app;
}
