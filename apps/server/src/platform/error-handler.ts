import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodFastifySchemaValidationError } from 'fastify-type-provider-zod';
import {
  ErrorCode,
  fieldLabel,
  serverErrorText,
  validationMessages,
  validationText,
  type Lang,
} from '@breakshot/contracts';
import { AppError } from './errors.js';
import { sendFailure } from './envelope.js';
import { requestLang } from './lang.js';
import { BARE_ANSWER_HEADERS } from './security.js';

/** Every error becomes an envelope: validation → 400 naming the field, AppError as thrown, the rest 500. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: Error & Partial<Pick<FastifyError, 'statusCode'>>, req, reply) => {
    const lang = requestLang(req);
    if (hasZodFastifySchemaValidationErrors(err)) {
      const [first] = err.validation;
      return sendFailure(reply, first ? validationFailure(first, lang) : badRequest(lang));
    }
    if (err instanceof AppError) {
      if (err.code >= ErrorCode.INTERNAL) req.log.error({ err }, 'request failed');
      return sendFailure(reply, {
        code: err.code,
        msg: serverErrorText(err.messageKey, lang, err.params),
        data: err.data ?? null,
      });
    }
    // Fastify's own client errors: malformed JSON, unsupported content type, body too large…
    if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      req.log.info({ err }, 'bad request');
      return sendFailure(reply, badRequest(lang));
    }
    req.log.error({ err }, 'request failed');
    return sendFailure(reply, { code: ErrorCode.INTERNAL, msg: serverErrorText('internal', lang), data: null });
  });
}

/**
 * Fastify's refusals before routing and hooks (a URL it cannot decode, a parameter too long):
 * the 400 envelope like any malformed request, instead of Fastify's own JSON without headers.
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  req.log.info({ err }, 'bad request');
  sendFailure(reply.headers(BARE_ANSWER_HEADERS), badRequest(requestLang(req)));
}

function badRequest(lang: Lang) {
  return { code: ErrorCode.BAD_REQUEST, msg: serverErrorText('badRequest', lang), data: null };
}

function validationFailure(issue: ZodFastifySchemaValidationError, lang: Lang) {
  const keys = (issue.params as { keys?: unknown }).keys;
  const path = issue.instancePath.split('/').filter(Boolean);
  if (issue.keyword === 'unrecognized_keys' && Array.isArray(keys) && typeof keys[0] === 'string') {
    path.push(keys[0]);
  }
  const field = path.join('.');
  if (!field) return badRequest(lang);
  // An array's item (ids.2) is named by its array.
  const named = path.filter((segment) => !/^\d+$/.test(segment));
  const label = fieldLabel(named[named.length - 1] ?? field, lang);
  return {
    code: ErrorCode.BAD_REQUEST,
    msg: `${label}: ${validationText(messageKey(issue), lang)}`,
    data: { field },
  };
}

/** The schemas carry message keys; zod's own messages (built-in checks) map by issue code. */
function messageKey(issue: ZodFastifySchemaValidationError): string {
  if (issue.message && issue.message in validationMessages) return issue.message;
  if (issue.keyword in validationMessages) return issue.keyword;
  return 'invalid';
}
