import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { operatorCalls, ErrorCode } from '@breakshot/contracts';
import { inConsoleLane } from './console-lane.js';
import { AppError } from './errors.js';
import { operatorTokenCheck } from './operator-token.js';

/** Who makes an operator call. */
export interface Acting {
  /** The operator's username (console) or ADMIN_TOKEN_IDENTITY (the CLI's token); in the audit log. */
  name: string;
  role: operatorCalls.OperatorRole;
  /** The console session's id; null for the CLI's token. */
  sessionId: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the operator area's guard on every operator call. */
    operator: Acting;
  }
}

/** Finds the operator of a console session token (null: none, expired or ended). */
export type OperatorSessionLookup = (token: string) => Promise<Acting | null>;

export interface OperatorAreaOptions {
  /** The CLI's operator token; without one the CLI is refused. */
  token: string | undefined;
  /** Console sessions (the operators module). */
  findSession: OperatorSessionLookup;
  /** Each module's operator calls (plugins using `adminRoute`). */
  areas: FastifyPluginAsync[];
}

/**
 * The operator calls under /api/admin: an encapsulated plugin whose onRequest hook guards every
 * call its areas register. A console session (x-operator-session) acts with its operator's role;
 * the CLI's token (x-admin-token) acts as admin under one identity of its own, whoever holds it
 * (so it counts as one approver of a dual approval), and is refused from a browser. Without either:
 * 401; a wrong token or one sent by a browser: 403. Each call then checks the role (adminRoute).
 */
export async function operatorArea(app: FastifyInstance, options: OperatorAreaOptions): Promise<void> {
  const isOperatorToken = operatorTokenCheck(options.token);
  app.decorateRequest('operator', null as unknown as Acting);
  // Operator work runs in the console's lane (console-lane.ts), its session's lookup included.
  app.addHook('onRequest', (_req, _reply, done) => inConsoleLane(done));
  app.addHook('onRequest', async (req) => {
    const session = header(req, operatorCalls.OPERATOR_SESSION_HEADER);
    if (session) {
      const acting = await options.findSession(session);
      if (!acting) throw new AppError(ErrorCode.UNAUTHORIZED, 'operatorSessionEnded');
      req.operator = acting;
      return;
    }
    const given = header(req, operatorCalls.ADMIN_TOKEN_HEADER);
    if (!given) throw new AppError(ErrorCode.UNAUTHORIZED, 'operatorLoginRequired');
    // Browsers (and Node's fetch) send these; the CLI posts with node:http, which sends neither.
    if (req.headers.origin || req.headers['sec-fetch-mode'])
      throw new AppError(ErrorCode.FORBIDDEN, 'adminTokenBrowser');
    if (!isOperatorToken(given)) throw new AppError(ErrorCode.FORBIDDEN, 'adminTokenWrong');
    req.operator = { name: operatorCalls.ADMIN_TOKEN_IDENTITY, role: 'admin', sessionId: null };
  });
  for (const area of options.areas) await app.register(area);
}

function header(req: FastifyRequest, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
