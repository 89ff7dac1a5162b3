import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';

/** Answers above this size are compressed; smaller ones gain less than the work costs. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Brotli or gzip, as the client accepts, for JSON and text answers above the threshold. The app's
 * files are compressed at build time and sent as they are (web-app.ts, `preCompressed`).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, { threshold: COMPRESS_THRESHOLD, encodings: ['br', 'gzip'] });
}
