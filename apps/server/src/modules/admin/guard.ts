import type { FastifyRequest } from 'fastify';
import { admin, ErrorCode } from '@breakshot/contracts';
import { AppError } from '../../platform/errors.js';
import { operatorTokenCheck } from '../../platform/operator-token.js';

/**
 * onRequest hook of the operator calls: 401 without the x-admin-token header, 403 when it is
 * not the server's token (or the server has none).
 */
export function adminGuard(token: string | undefined) {
  const isOperator = operatorTokenCheck(token);
  return async (req: FastifyRequest): Promise<void> => {
    const given = header(req, admin.ADMIN_TOKEN_HEADER);
    if (!given) throw new AppError(ErrorCode.UNAUTHORIZED, 'adminTokenMissing');
    if (!isOperator(given)) throw new AppError(ErrorCode.FORBIDDEN, 'adminTokenWrong');
  };
}

/** Who acts, for the audit log: the x-admin-operator header (default "operator"). */
export function operatorOf(req: FastifyRequest): string {
  const name = header(req, admin.ADMIN_OPERATOR_HEADER)?.trim().slice(0, 64);
  return name || 'operator';
}

function header(req: FastifyRequest, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
