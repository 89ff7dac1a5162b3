import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

/** Security headers; the CSP allows the app itself, its live connection and provider games' frames, nothing else. */
export async function registerSecurity(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
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
        // Plain-HTTP deployments (a LAN address) must keep loading their own resources.
        upgradeInsecureRequests: null,
      },
    },
  });
}
