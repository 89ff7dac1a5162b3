import Fastify, { type FastifyInstance } from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';

/** How long a browser keeps to HTTPS once told (a year, as helmet's default). */
const HSTS = 'max-age=31536000; includeSubDomains';

const HELMET_OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: true,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // antd-mobile sets inline style attributes.
      styleSrc: ["'self'", "'unsafe-inline'"],
      // Game tiles may be pictures on a provider's own (https) site.
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      // Provider games fill a sandboxed frame with the provider's own page (the player app checks
      // the launch URL; http only reaches a frame of an http site).
      frameSrc: ["'self'", 'https:', 'http:'],
      // The player app's service worker (/sw.js) and web app manifest, its own files only.
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      // Plain-HTTP deployments (a LAN address) must keep loading their own resources.
      upgradeInsecureRequests: null,
    },
  },
  strictTransportSecurity: false,
};

/**
 * Security headers; the CSP allows the app itself (its service worker and manifest too), its live
 * connection and provider games' frames, nothing else. HSTS only on answers to requests that came over HTTPS: this server's own
 * TLS, or a proxy's `X-Forwarded-Proto: https` when TRUST_PROXY is set. A plain-HTTP deployment
 * (a LAN address) gets none: it has no HTTPS for browsers to keep to.
 */
export async function registerSecurity(app: FastifyInstance): Promise<void> {
  const headers = await helmetHeaders();
  // One hook setting the same headers on every answer (@fastify/helmet itself rebuilds helmet's
  // middleware, CSP parsing included, on every request).
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(headers);
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
}

/** What helmet sets with HELMET_OPTIONS (none depends on the request), asked of it once. */
async function helmetHeaders(): Promise<Record<string, string>> {
  const probe = Fastify();
  await probe.register(helmet, HELMET_OPTIONS);
  // At the handler only helmet's hooks have written to the raw response.
  probe.get('/', async (_req, reply) => reply.raw.getHeaders());
  const answer = await probe.inject('/');
  await probe.close();
  return answer.json<Record<string, string>>();
}

/**
 * Headers of an answer Fastify gives before any hook runs (a URL it cannot decode): helmet has
 * not set its own, and an error envelope needs nothing from anywhere.
 */
export const BARE_ANSWER_HEADERS = {
  'content-security-policy': "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
};
