import { z } from 'zod';
import { str } from './fields.js';

export { auditActions, type AuditAction } from './audit-actions.js';

/*
 * Operator calls: POST under /api/admin with a JSON body and the same `{ code, msg, data }`
 * envelope. The console sends its session in `x-operator-session` (operators-admin.ts); the CLI
 * sends the server's ADMIN_TOKEN in `x-admin-token`. The token is refused from a browser.
 */
export const ADMIN_PREFIX = '/api/admin';
export const ADMIN_TOKEN_HEADER = 'x-admin-token';
/**
 * Who the token acts as, in the audit log and in dual approvals: one identity of its own, whoever
 * holds the token. No console operator can have this name (operator names take no `@`).
 */
export const ADMIN_TOKEN_IDENTITY = '@admin-token';
export const OPERATOR_SESSION_HEADER = 'x-operator-session';

/** Operator roles; admin may make every call, the others the calls that list them. */
export const operatorRoles = ['admin', 'finance', 'risk', 'content'] as const;
export const operatorRole = z.enum(operatorRoles, { error: 'invalid' });
export type OperatorRole = (typeof operatorRoles)[number];

export interface AdminCall<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  /** Under ADMIN_PREFIX. */
  path: string;
  request: Req;
  response: Res;
  /** Roles besides admin that may make the call ([]: admin only). */
  roles: readonly Exclude<OperatorRole, 'admin'>[];
  /**
   * A list whose rows also export as CSV: POST `path + CSV_SUFFIX` with the same filters (no
   * paging) answers text/csv, streamed.
   */
  csv?: true;
}

export const CSV_SUFFIX = '.csv';

/** Whether a role may make a call. */
export const mayCall = (role: OperatorRole, call: Pick<AdminCall, 'roles'>): boolean =>
  role === 'admin' || (call.roles as readonly string[]).includes(role);

export const defineAdminCall = <Req extends z.ZodType, Res extends z.ZodType>(c: AdminCall<Req, Res>) => c;

/* Fields several operator calls share. */

/** Why an operator did something, kept in the audit log. */
export const operatorReason = str().trim().min(1, 'required').max(200, 'too_long');
/** A credit's turnover requirement: this many times its amount. */
export const turnoverMultiple = z.number().int('invalid').min(0, 'too_small').max(100, 'too_big');
/** A bonus, gift or prize, in minor units (up to ¥1,000,000). */
export const giftAmount = z.number().int('amount.integer').min(0, 'too_small').max(100_000_000, 'too_big');
