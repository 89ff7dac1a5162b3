import type { ErrorData } from '@breakshot/contracts';

/**
 * Why a call got no envelope: no answer in time, no connection, the page being left (the browser
 * aborts requests in flight then), or an answer that is not the envelope (a proxy's error page).
 */
export type FailureReason = 'timeout' | 'network' | 'aborted' | 'reply';

/** A rejected call: the envelope's code, msg and data, or code 0 when no envelope came. */
export class ApiError extends Error {
  /** The contracts' ErrorCode, or 0 when no envelope came. */
  readonly code: number;
  readonly msg: string;
  /** The envelope's data, of the contracts' errorEnvelope shape. */
  readonly data: ErrorData | null;
  /** The HTTP status of the answer; 0 when none came. */
  readonly status: number;
  /** Why no envelope came (code 0 only). */
  readonly reason: FailureReason | null;
  constructor(
    code: number,
    msg: string,
    data: ErrorData | null = null,
    details: { status?: number; reason?: FailureReason | null; cause?: unknown } = {},
  ) {
    super(msg, { cause: details.cause });
    this.name = 'ApiError';
    this.code = code;
    this.msg = msg;
    this.data = data ?? null;
    this.status = details.status ?? 0;
    this.reason = details.reason ?? null;
  }
}
