import type { FastifyInstance } from 'fastify';

/**
 * The app's own base URL (http://host:port) for a built-in client that calls it over HTTP as an
 * outside one would (the demo provider, the demo feed); null until the app listens.
 */
export function ownAddress(app: FastifyInstance): string | null {
  const address = app.server.address();
  if (!address || typeof address === 'string') return null;
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}
