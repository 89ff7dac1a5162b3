import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { admin, ErrorCode } from '@breakshot/contracts';
import { AppError } from './errors.js';
import { operatorTokenCheck } from './operator-token.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who acts, on operator calls (the x-admin-operator header, default "operator"). */
    operator: string;
  }
}

export interface OperatorAreaOptions {
  /** The operator token; without one every operator call is refused. */
  token: string | undefined;
  /** Each module's operator calls (plugins using `adminRoute`). */
  areas: FastifyPluginAsync[];
}

/**
 * The operator calls under /api/admin: an encapsulated plugin whose onRequest hook guards every
 * call its areas register — 401 without the x-admin-token header, 403 when it is not the
 * server's token (or the server has none).
 */
export async function operatorArea(app: FastifyInstance, options: OperatorAreaOptions): Promise<void> {
  const isOperator = operatorTokenCheck(options.token);
  app.decorateRequest('operator', '');
  app.addHook('onRequest', async (req) => {
    const given = header(req, admin.ADMIN_TOKEN_HEADER);
    if (!given) throw new AppError(ErrorCode.UNAUTHORIZED, 'adminTokenMissing');
    if (!isOperator(given)) throw new AppError(ErrorCode.FORBIDDEN, 'adminTokenWrong');
    req.operator = header(req, admin.ADMIN_OPERATOR_HEADER)?.trim().slice(0, 64) || 'operator';
  });
  for (const area of options.areas) await app.register(area);
}

function header(req: FastifyRequest, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
