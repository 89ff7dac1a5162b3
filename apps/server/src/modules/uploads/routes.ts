import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { API_PREFIX, ErrorCode, uploads as contract } from '@breakshot/contracts';
import { authenticate, sessionUser } from '../../platform/auth-hook.js';
import { ok } from '../../platform/envelope.js';
import { AppError } from '../../platform/errors.js';
import { limiter } from '../../platform/rate-limit.js';
import { tooLarge } from './image.js';
import { readImage, storeImage } from './service.js';

const MIME = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

/**
 * POST /api/v9/upload (multipart: `purpose`, then `file`) and GET /api/v9/files/<name>. Not
 * contract calls: their bodies are bytes, not JSON; uploads.ts in the contracts holds their shapes.
 */
export async function uploadRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  await app.register(multipart, {
    limits: { fileSize: contract.MAX_UPLOAD_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 100 },
  });
  const limit = (kind: 'ip' | 'session', path: string) => limiter(app, ctx.rateLimits, kind, path);

  app.post(
    API_PREFIX + contract.UPLOAD_PATH,
    { onRequest: [limit('ip', contract.UPLOAD_PATH), authenticate, limit('session', contract.UPLOAD_PATH)] },
    async (req) => {
      const { purpose, bytes } = await readUpload(req);
      return ok(await storeImage(ctx.db, { userId: sessionUser(req).userId, purpose, bytes, now: ctx.now() }));
    },
  );

  app.get<{ Params: { name: string } }>(
    `${API_PREFIX}${contract.FILES_PATH}/:name`,
    { onRequest: [limit('ip', contract.FILES_PATH)] },
    async (req, reply) => {
      const image = await readImage(ctx.db, req.params.name);
      if (!image) throw new AppError(ErrorCode.NOT_FOUND, 'notFound');
      // The URL names one immutable file, so caches may keep it for good; an ID card's photo
      // only the browser that asked for it, and not on disk (docs/security.md, "KYC").
      const shared = !image.purpose.startsWith('kyc_');
      return reply
        .header('content-type', MIME[image.format])
        .header('cache-control', shared ? 'public, max-age=31536000, immutable' : 'private, no-store')
        .send(image.bytes);
    },
  );
}

/** The purpose field and the file's bytes; 400 naming the field for anything else. */
async function readUpload(req: FastifyRequest): Promise<{ purpose: contract.UploadPurpose; bytes: Buffer }> {
  if (!req.isMultipart()) throw missing();
  let purpose: string | undefined;
  let bytes: Buffer | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field' && part.fieldname === 'purpose') purpose = String(part.value);
      else if (part.type === 'file' && part.fieldname === 'file') bytes = await part.toBuffer();
      else if (part.type === 'file') await part.toBuffer(); // drained, then ignored
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (err instanceof AppError) throw err;
    throw missing();
  }
  const parsed = contract.uploadPurpose.safeParse(purpose);
  if (!parsed.success) throw new AppError(ErrorCode.BAD_REQUEST, 'badRequest', undefined, { field: 'purpose' });
  if (!bytes || bytes.length === 0) throw missing();
  return { purpose: parsed.data, bytes };
}

const missing = () => new AppError(ErrorCode.BAD_REQUEST, 'uploadMissing', undefined, { field: 'file' });
