import type { FastifyServerOptions } from 'fastify';

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
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: req.url.replace(/([?&]token=)[^&]*/g, '$1[redacted]'),
        ip: req.ip,
      }),
    },
  };
}
