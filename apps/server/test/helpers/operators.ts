import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as OTPAuth from 'otpauth';
import { operatorCalls, operatorsAdmin, type DataOf } from '@breakshot/contracts';
import { queryRows, type Conn } from '../../src/platform/db.js';
import { tableNames } from './counts.js';
import type { TestApp } from './test-app.js';
import { ADMIN_TEST_TOKEN } from './withdrawals.js';

export const OPERATOR_PASSWORD = 'correct horse 42';

export interface Answer<D = Record<string, unknown>> {
  code: number;
  msg: string;
  data: D;
}

/**
 * POST an operator call; `session` sends x-operator-session, `token` the CLI's x-admin-token,
 * `ip` the client's address.
 */
export async function opCall<C extends operatorCalls.AdminCall>(
  app: FastifyInstance,
  call: C | { path: string },
  body: unknown = {},
  options: { session?: string; token?: string; headers?: Record<string, string>; path?: string; ip?: string } = {},
): Promise<Answer<DataOf<C extends operatorCalls.AdminCall ? C : never> & Record<string, unknown>>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.session) headers[operatorCalls.OPERATOR_SESSION_HEADER] = options.session;
  if (options.token) headers[operatorCalls.ADMIN_TOKEN_HEADER] = options.token;
  const res = await app.inject({
    method: 'POST',
    url: operatorCalls.ADMIN_PREFIX + (options.path ?? call.path),
    headers,
    payload: body as object,
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}: ${res.body}`);
  // A CSV export answers its rows, not an envelope.
  if (String(res.headers['content-type']).startsWith('text/csv'))
    return { code: 200, msg: 'ok', data: res.body } as never;
  return res.json();
}

/** The code an authenticator app shows for the secret at the test clock's time (+ offset). */
export function totpCode(t: TestApp, secret: string, offsetMs = 0): string {
  return new OTPAuth.TOTP({ secret }).generate({ timestamp: t.clock.now().getTime() + offsetMs });
}

/** Creates an operator with the CLI's token. */
export async function createOperator(
  t: TestApp,
  username: string,
  role: operatorCalls.OperatorRole,
  password = OPERATOR_PASSWORD,
): Promise<Answer> {
  return opCall(t.app, operatorsAdmin.operatorCreate, { username, password, role }, { token: ADMIN_TEST_TOKEN });
}

export interface LoggedInOperator {
  username: string;
  secret: string;
  session: string;
}

/**
 * Creates the operator and finishes its first login (enrolment and confirmation); then moves the
 * clock a step on, so the next code is a new one.
 */
export async function newOperator(
  t: TestApp,
  username: string,
  role: operatorCalls.OperatorRole,
): Promise<LoggedInOperator> {
  const created = await createOperator(t, username, role);
  if (created.code !== 200) throw new Error(`create failed: ${created.msg}`);
  const setup = await opCall(t.app, operatorsAdmin.login, { username, password: OPERATOR_PASSWORD });
  if (setup.data.stage !== 'totp_setup') throw new Error(`expected totp_setup: ${JSON.stringify(setup)}`);
  const { secret, setupToken } = setup.data;
  const done = await opCall(t.app, operatorsAdmin.totpConfirm, { setupToken, code: totpCode(t, secret) });
  if (done.code !== 200) throw new Error(`confirm failed: ${done.msg}`);
  t.clock.advance(30_000);
  return { username, secret, session: done.data.token };
}

/** Logs an enrolled operator in again with the current code; moves the clock a step on after. */
export async function loginAgain(t: TestApp, op: LoggedInOperator): Promise<Answer> {
  const res = await opCall(t.app, operatorsAdmin.login, {
    username: op.username,
    password: OPERATOR_PASSWORD,
    code: totpCode(t, op.secret),
  });
  t.clock.advance(30_000);
  return res;
}

/** A digest of every table's content, to show that refused calls changed nothing. */
export async function databaseDigest(db: Conn): Promise<Record<string, string>> {
  const digest: Record<string, string> = {};
  for (const name of await tableNames(db)) {
    const [row] = await queryRows<{ d: string | null }>(
      db,
      sql`SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS d FROM ${sql.identifier(name)} t`,
    );
    digest[name] = row?.d ?? '';
  }
  return digest;
}
