import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

/** Security headers; the CSP allows the app itself and its live connection, nothing else. */
export async function registerSecurity(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd-mobile sets inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        // Plain-HTTP deployments (a LAN address) must keep loading their own resources.
        upgradeInsecureRequests: null,
      },
    },
  });
}
