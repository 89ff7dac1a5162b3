import type { FastifyServerOptions } from 'fastify';

/**
 * What an error may not carry into the log: Drizzle's "params:" list (a failed insert lists every
 * value: card numbers, addresses), PostgreSQL's "Key (…)=(…)" details, and any long digit run or
 * wallet address that slipped into a message.
 */
const SECRETS: [RegExp, string][] = [
  [/\nparams: .*/g, '\nparams: [redacted]'],
  [/=\(.*?\)( already exists| is not present)?/g, '=([redacted])$1'],
  [/\b\d{12,19}\b/g, '[number]'],
  [/\b(T[1-9A-HJ-NP-Za-km-z]{33}|0x[0-9a-fA-F]{40})\b/g, '[address]'],
];
const scrub = (text: string) => SECRETS.reduce((t, [pattern, by]) => t.replace(pattern, by), text);

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: unknown;
  cause?: LoggedError | undefined;
}

/** The err serializer: type, message, stack, code and cause, scrubbed; never params or details. */
export function redactError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: scrub(String(err)), stack: '' };
  const cause = (err as { cause?: unknown }).cause;
  return {
    type: err.constructor.name,
    message: scrub(err.message),
    stack: scrub(err.stack ?? ''),
    code: (err as { code?: unknown }).code,
    cause: cause !== undefined && depth < 3 ? redactError(cause, depth + 1) : undefined,
  };
}

/** Pino settings: secrets never reach the log, whether in bodies, headers or the /ws query. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.token',
        'req.headers.cookie',
        'req.headers.authorization',
        'password',
        'token',
        'fundPassword',
        '*.password',
        '*.token',
        '*.fundPassword',
      ],
      censor: '[redacted]',
    },
    hooks: {
      // A client that left mid-answer (a page navigated away while a file streamed) is no failure
      // here: Fastify, @fastify/compress and the error handler would each log it as an error.
      logMethod(args, method, level) {
        if (level >= 50 && isClientGone(args[0])) return this.info(...(args as [object, string]));
        return method.apply(this, args);
      },
    },
    serializers: {
      err: redactError,
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: req.url.replace(/([?&]token=)[^&]*/g, '$1[redacted]'),
        ip: req.ip,
      }),
    },
  };
}

/**
 * Whether what is logged is an error telling that the client closed the connection early: Node's
 * streams give it a code, the older end-of-stream module under @fastify/compress only its message.
 */
function isClientGone(logged: unknown): boolean {
  const err = logged instanceof Error ? logged : (logged as { err?: unknown } | null)?.err;
  if (!(err instanceof Error)) return false;
  return (err as { code?: unknown }).code === 'ERR_STREAM_PREMATURE_CLOSE' || err.message === 'premature close';
}
