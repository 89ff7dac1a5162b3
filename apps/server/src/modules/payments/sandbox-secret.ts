import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Conn } from '../../platform/db.js';
import { findLiveSessionById } from '../../platform/sessions.js';
import { gatewaySecrets } from './tables.js';

const GATEWAY = 'sandbox';

/** SANDBOX_PAY_SECRET, else a secret generated once and kept in the database. */
export async function sandboxSecret(db: Conn, fromEnv = process.env.SANDBOX_PAY_SECRET): Promise<string> {
  if (fromEnv) return fromEnv;
  await db
    .insert(gatewaySecrets)
    .values({ gateway: GATEWAY, secret: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db.select().from(gatewaySecrets).where(eq(gatewaySecrets.gateway, GATEWAY));
  if (!row) throw new Error('sandbox secret missing');
  return row.secret;
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
export async function checkoutTicket(db: Conn, orderNo: string, sessionId: number): Promise<string> {
  return `${sessionId}.${sign(await sandboxSecret(db), `checkout:${orderNo}:${sessionId}`)}`;
}

/** Whether the ticket was made for this order by a live session of the order's player. */
export async function ticketValid(
  db: Conn,
  order: { orderNo: string; userId: number },
  ticket: string | undefined,
  now: Date,
): Promise<boolean> {
  const match = /^(\d{1,15})\.([0-9a-f]{64})$/.exec(ticket ?? '');
  if (!match) return false;
  const sessionId = Number(match[1]);
  if (!signatureValid(await sandboxSecret(db), `checkout:${order.orderNo}:${sessionId}`, match[2])) return false;
  const session = await findLiveSessionById(db, sessionId, now);
  return session?.userId === order.userId;
}

/** Where the player pays a sandbox order: the hosted page with the session's ticket. */
export async function sandboxPayUrl(db: Conn, orderNo: string, sessionId: number): Promise<string> {
  const ticket = await checkoutTicket(db, orderNo, sessionId);
  return `/pay/sandbox/${encodeURIComponent(orderNo)}?ticket=${ticket}`;
}
