import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { sealInPlace } from '../../platform/secret-box.js';
import { findLiveSessionById } from '../../platform/sessions.js';
import { gatewaySecrets } from './tables.js';

const GATEWAY = 'sandbox';

/** What reads the gateway's secret: the database and the box its secret is sealed in. */
export type SecretsAccess = Pick<AppContext, 'db' | 'secrets' | 'sandboxPaySecret'>;

const CONTEXT = `gateway_secrets.secret:${GATEWAY}`;

/** SANDBOX_PAY_SECRET, else a secret generated once and kept, sealed, in the database. */
export async function sandboxSecret(ctx: SecretsAccess, configured = ctx.sandboxPaySecret): Promise<string> {
  if (configured) return configured;
  await ctx.db
    .insert(gatewaySecrets)
    .values({ gateway: GATEWAY, secret: ctx.secrets.seal(randomBytes(32).toString('hex'), CONTEXT) })
    .onConflictDoNothing();
  const [row] = await ctx.db.select().from(gatewaySecrets).where(eq(gatewaySecrets.gateway, GATEWAY));
  if (!row) throw new Error('sandbox secret missing');
  return ctx.secrets.open(row.secret, CONTEXT);
}

/** Run at start: seals a secret stored before sealing existed; a sealed one must open (SecretsKeyMismatch). */
export async function sealGatewaySecret(ctx: Pick<AppContext, 'db' | 'secrets'>): Promise<void> {
  const rows = await ctx.db.select().from(gatewaySecrets).where(eq(gatewaySecrets.gateway, GATEWAY));
  await sealInPlace(ctx.secrets, rows, {
    value: (row) => row.secret,
    context: () => CONTEXT,
    store: (row, secret) =>
      ctx.db
        .update(gatewaySecrets)
        .set({ secret })
        .where(and(eq(gatewaySecrets.gateway, GATEWAY), eq(gatewaySecrets.secret, row.secret))),
  });
}

export const sign = (secret: string, body: Buffer | string) => createHmac('sha256', secret).update(body).digest('hex');

export function signatureValid(secret: string, body: Buffer | string, signature: string | undefined): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  return timingSafeEqual(Buffer.from(sign(secret, body), 'hex'), Buffer.from(signature, 'hex'));
}

/**
 * The checkout page's ticket: the player's session id and a MAC over it and the order, so only
 * the session that started the order can pay or fail it, and only while that session lives.
 */
export async function checkoutTicket(ctx: SecretsAccess, orderNo: string, sessionId: number): Promise<string> {
  return `${sessionId}.${sign(await sandboxSecret(ctx), `checkout:${orderNo}:${sessionId}`)}`;
}

/** Whether the ticket was made for this order by a live session of the order's player. */
export async function ticketValid(
  ctx: SecretsAccess,
  order: { orderNo: string; userId: number },
  ticket: string | undefined,
  now: Date,
): Promise<boolean> {
  const match = /^(\d{1,15})\.([0-9a-f]{64})$/.exec(ticket ?? '');
  if (!match) return false;
  const sessionId = Number(match[1]);
  if (!signatureValid(await sandboxSecret(ctx), `checkout:${order.orderNo}:${sessionId}`, match[2])) return false;
  const session = await findLiveSessionById(ctx.db, sessionId, now);
  return session?.userId === order.userId;
}

/** Where the player pays a sandbox order: the hosted page with the session's ticket. */
export async function sandboxPayUrl(ctx: SecretsAccess, orderNo: string, sessionId: number): Promise<string> {
  const ticket = await checkoutTicket(ctx, orderNo, sessionId);
  return `/pay/sandbox/${encodeURIComponent(orderNo)}?ticket=${ticket}`;
}
