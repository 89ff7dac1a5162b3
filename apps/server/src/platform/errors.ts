import type { ErrorCode, ErrorData, ServerErrorKey } from '@breakshot/contracts';

/**
 * A failure the client should see: `code` of the envelope, a message key of the contracts'
 * serverErrors (translated per request), its `{name}` parameters, and envelope data.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly messageKey: ServerErrorKey,
    readonly params?: Record<string, string | number>,
    readonly data?: ErrorData,
  ) {
    super(messageKey);
    this.name = 'AppError';
  }
}

/** PostgreSQL error code of a failed query; Drizzle wraps driver errors and keeps it on `cause`. */
export function pgErrorCode(err: unknown): string | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export const PG_UNIQUE_VIOLATION = '23505';

/** Name of the constraint a failed query violated, when the driver reports it. */
export function pgConstraint(err: unknown): string | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const constraint = (e as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
  }
  return undefined;
}
