import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { ErrorCode, operatorsAdmin, type DataOf } from '@breakshot/contracts';
import { audited, writeAudit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { inTransaction, type Conn, type Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { hashPassword } from '../../platform/password.js';
import { newToken, sha256 } from '../../platform/tokens.js';
import { insertOperator, operatorKey, takenOr, toOperatorRow } from './accounts.js';
import { startEnrolment } from './login.js';
import type { Client } from './sessions.js';
import { operators, operatorSetupLinks, type OperatorRow } from './tables.js';

/*
 * Operator setup links (docs/security.md, "Operator setup links"): an admin creates an operator in
 * the console without a password and hands them a one-time link; through it the operator sets the
 * password and enrols the authenticator. Only the link's SHA-256 is kept; it lasts
 * SETUP_LINK_HOURS, is used once, and a new link for the operator ends the ones before.
 */

type SetupLink = DataOf<typeof operatorsAdmin.operatorInvite>;
type TotpSetup = DataOf<typeof operatorsAdmin.setupLinkUse>;

const LINK_MS = operatorsAdmin.SETUP_LINK_HOURS * 60 * 60 * 1000;

const linkEnded = () => new AppError(ErrorCode.UNAUTHORIZED, 'operatorSetupLinkEnded');

/** A new link for the operator, the unused ones before it ended. */
async function issueLink(tx: Tx, op: OperatorRow, by: string, now: Date): Promise<SetupLink> {
  await tx
    .update(operatorSetupLinks)
    .set({ endedAt: now })
    .where(
      and(
        eq(operatorSetupLinks.operatorId, op.id),
        isNull(operatorSetupLinks.usedAt),
        isNull(operatorSetupLinks.endedAt),
      ),
    );
  const token = newToken();
  const expiresAt = new Date(now.getTime() + LINK_MS);
  await tx
    .insert(operatorSetupLinks)
    .values({ tokenHash: sha256(token), operatorId: op.id, createdBy: by, createdAt: now, expiresAt });
  return { operator: toOperatorRow(op), token, expiresAt: expiresAt.toISOString() };
}

/** Creates the operator without a password and answers their setup link (audited, the link not). */
export async function inviteOperator(
  ctx: AppContext,
  by: string,
  input: { username: string; role: OperatorRow['role'] },
): Promise<SetupLink> {
  try {
    return await audited(
      ctx,
      by,
      async (tx) => issueLink(tx, await insertOperator(tx, { ...input, passwordHash: null }, ctx.now()), by, ctx.now()),
      (link) => ({ action: 'operator.invite', target: link.operator.username, payload: { role: link.operator.role } }),
    );
  } catch (err) {
    throw takenOr(err);
  }
}

/** A new link for an operator who has no password yet (audited with the reason). */
export const newSetupLink = (ctx: AppContext, by: string, input: { username: string; reason: string }) =>
  audited(
    ctx,
    by,
    async (tx) => {
      const [op] = await tx
        .select()
        .from(operators)
        .where(sql`lower(${operators.username}) = ${operatorKey(input.username)}`)
        .for('update');
      if (!op) throw new AppError(ErrorCode.NOT_FOUND, 'operatorNotFound');
      if (op.passwordHash !== null) throw new AppError(ErrorCode.CONFLICT, 'operatorPasswordSet');
      return issueLink(tx, op, by, ctx.now());
    },
    (link) => ({ action: 'operator.setup-link', target: link.operator.username, payload: { reason: input.reason } }),
  );

/** The link's operator while it may be used: not used, replaced or expired, the operator active without a password. */
async function liveLink(db: Conn, token: string, now: Date, lock: boolean) {
  const query = db
    .select({ link: operatorSetupLinks, operator: operators })
    .from(operatorSetupLinks)
    .innerJoin(operators, eq(operators.id, operatorSetupLinks.operatorId))
    .where(
      and(
        eq(operatorSetupLinks.tokenHash, sha256(token)),
        isNull(operatorSetupLinks.usedAt),
        isNull(operatorSetupLinks.endedAt),
        gt(operatorSetupLinks.expiresAt, now),
      ),
    );
  const [row] = await (lock ? query.for('update') : query);
  if (!row || row.operator.status !== 'active' || row.operator.passwordHash !== null) throw linkEnded();
  return row;
}

/** Who the link is for and until when, for the setup page. */
export async function checkSetupLink(
  ctx: AppContext,
  token: string,
): Promise<DataOf<typeof operatorsAdmin.setupLinkCheck>> {
  const { link, operator } = await liveLink(ctx.db, token, ctx.now(), false);
  return { operator: { username: operator.username, role: operator.role }, expiresAt: link.expiresAt.toISOString() };
}

/**
 * Sets the password through the link, which it uses up, and starts enrolling the authenticator
 * (finished by confirmTotp, as at a first login); audited as the operator's own act.
 */
export async function useSetupLink(
  ctx: AppContext,
  input: { token: string; password: string },
  client: Client,
): Promise<TotpSetup> {
  const now = ctx.now();
  await liveLink(ctx.db, input.token, now, false);
  const passwordHash = await hashPassword(input.password, ctx.passwordHashing);
  return inTransaction(ctx.db, async (tx) => {
    const { link, operator } = await liveLink(tx, input.token, now, true);
    await tx.update(operatorSetupLinks).set({ usedAt: now }).where(eq(operatorSetupLinks.tokenHash, link.tokenHash));
    const [withPassword] = await tx
      .update(operators)
      .set({ passwordHash })
      .where(eq(operators.id, operator.id))
      .returning();
    await writeAudit(tx, {
      operator: operator.username,
      action: 'operator.setup',
      target: operator.username,
      payload: { linkBy: link.createdBy },
      at: now,
    });
    return startEnrolment(ctx, tx, withPassword!, client, now);
  });
}
