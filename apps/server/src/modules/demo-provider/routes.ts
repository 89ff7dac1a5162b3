import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { storedKeyPair } from '../../platform/signing.js';
import { ownAddress } from '../../platform/own-address.js';
import { walletPublicKey } from '../games/service.js';
import { API_PREFIX, DemoError, dealRequest, insureRequest, parseInput, sessionRequest, spinRequest } from './api.js';
import {
  DEMO_PROVIDER_ID,
  INSURANCE_GAME,
  PLAY_PATH,
  registerCatalogue,
  SLOT_GAME,
  STATIC_PREFIX,
} from './catalogue.js';
import { insurancePage, slotPage } from './page.js';
import { dealHand, insureHand, openPlay, spinSlot, type DemoProvider } from './service.js';
import { DEFAULT_SETTLER, Settler, type SettlerOptions } from './settler.js';
import { pageLang } from './texts.js';
import type { WalletLink } from './wallet-client.js';

/** apps/server/demo-provider: the pages' script, styles and pictures. */
const STATIC_DIR = fileURLToPath(new URL('../../../demo-provider/', import.meta.url));

/** The server_keys name of the demo provider's key pair (its requests are signed with it). */
const KEY_NAME = 'demo-provider';

export interface DemoProviderOptions {
  /** The wallet's base URL (DEMO_PROVIDER_WALLET_URL); default: this app's own address, once it listens. */
  walletUrl?: string | undefined;
  /** How long a wallet call may take before it counts as lost, in ms. */
  timeoutMs?: number;
  settler?: SettlerOptions;
}

/**
 * The built-in demo provider (demo mode): registers itself and its games with the games module,
 * serves the game pages at PLAY_PATH and their calls under API_PREFIX, and plays every round
 * against the seamless wallet over HTTP with its own key pair, as an outside provider would.
 */
export async function demoProviderRoutes(app: FastifyInstance, options: DemoProviderOptions): Promise<void> {
  const { ctx } = app;
  const keys = await storedKeyPair(ctx, KEY_NAME);
  await registerCatalogue(ctx.db, keys.publicPem);
  const { walletUrl } = options;
  const link: WalletLink = {
    providerId: DEMO_PROVIDER_ID,
    base: () => {
      const base = walletUrl ?? ownAddress(app);
      if (!base)
        throw new Error(
          'the demo provider calls the wallet over HTTP: the app must listen (or set DEMO_PROVIDER_WALLET_URL)',
        );
      return base;
    },
    privatePem: keys.privatePem,
    walletPublicPem: await walletPublicKey(ctx),
    timeoutMs: options.timeoutMs ?? 5_000,
  };
  const settler = new Settler(ctx.db, link, ctx.now, app.log, options.settler ?? DEFAULT_SETTLER);
  const provider: DemoProvider = { db: ctx.db, secrets: ctx.secrets, now: ctx.now, link, settler };
  app.addHook('onReady', () => settler.resume());
  app.addHook('onClose', () => settler.stop());

  // The player app frames the pages sandboxed in an opaque origin (they cannot reach its storage),
  // so their script, styles and calls are cross-origin requests: open to any origin. Safe, as the
  // calls authenticate with the launch token in their body, never with cookies.
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('access-control-allow-origin', '*').header('cross-origin-resource-policy', 'cross-origin');
  });
  app.options(`${API_PREFIX}/*`, async (_req, reply) =>
    reply
      .code(204)
      .header('access-control-allow-methods', 'POST')
      .header('access-control-allow-headers', 'content-type')
      .header('access-control-max-age', '600')
      .send(),
  );

  await app.register(fastifyStatic, {
    root: STATIC_DIR,
    prefix: STATIC_PREFIX,
    decorateReply: false,
    setHeaders: (res) => void res.header('cache-control', 'no-cache'),
  });

  const sprite = readFileSync(`${STATIC_DIR}symbols.svg`, 'utf8');
  app.get<{ Querystring: { game?: string; lang?: string } }>(PLAY_PATH, async (req, reply) => {
    const lang = pageLang(req.query.lang);
    const page =
      req.query.game === SLOT_GAME
        ? slotPage(lang, sprite)
        : req.query.game === INSURANCE_GAME
          ? insurancePage(lang)
          : null;
    if (!page) return reply.code(404).type('text/plain; charset=utf-8').send('Unknown game\n');
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
  });

  // The pages' calls answer { error, field? } with an HTTP error status when they fail.
  app.setErrorHandler((err, req, reply: FastifyReply) => {
    if (err instanceof DemoError) return reply.code(err.httpStatus).send({ error: err.code, field: err.field });
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) return reply.code(status).send({ error: 'invalid_request' });
    req.log.error({ err }, 'demo provider call failed');
    return reply.code(500).send({ error: 'internal' });
  });

  // The pages' calls, limited per client address like the site's calls per session.
  const limit = app.createRateLimit({
    max: ctx.rateLimits.perSession,
    timeWindow: ctx.rateLimits.windowMs,
    keyGenerator: (req) => `demo-provider:${req.ip}`,
  });
  const calls = {
    session: (body: unknown) => openPlay(provider, parseInput(sessionRequest, body)),
    'slot/spin': (body: unknown) => spinSlot(provider, parseInput(spinRequest, body)),
    'insurance/deal': (body: unknown) => dealHand(provider, parseInput(dealRequest, body)),
    'insurance/settle': (body: unknown) => insureHand(provider, parseInput(insureRequest, body)),
  };
  for (const [path, handler] of Object.entries(calls)) {
    app.post(`${API_PREFIX}/${path}`, async (req, reply) => {
      const allowed = await limit(req);
      if (!allowed.isAllowed && allowed.isExceeded) throw new DemoError('too_many', 429);
      return reply.header('cache-control', 'no-store').send(await handler(req.body));
    });
  }
}
