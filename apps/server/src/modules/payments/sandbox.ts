import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { transaction, type Db } from '../../platform/db.js';
import { creditDeposit, failDeposit, findDeposit } from './service.js';
import { gatewaySecrets } from './tables.js';

/** The merchant id the sandbox gateway knows this site by. */
export const SANDBOX_MERCHANT = 'breakshot';
const GATEWAY = 'sandbox';

/** The gateway's callback body (signed: x-signature = hex HMAC-SHA256 of the raw body). */
export const sandboxCallback = z
  .object({
    merchantId: z.string(),
    orderNo: z.string().max(64),
    amount: z.number().int().positive(),
    status: z.enum(['SUCCESS', 'FAILED']),
    tradeNo: z.string().max(64),
  })
  .strict();
export type SandboxCallback = z.infer<typeof sandboxCallback>;

/** SANDBOX_PAY_SECRET, else a secret generated once and kept in the database. */
export async function sandboxSecret(db: Db, fromEnv = process.env.SANDBOX_PAY_SECRET): Promise<string> {
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

export function signatureValid(secret: string, body: Buffer, signature: string | undefined): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  return timingSafeEqual(Buffer.from(sign(secret, body), 'hex'), Buffer.from(signature, 'hex'));
}

export type CallbackOutcome = { ok: true; changed: boolean } | { ok: false; reason: string };

/**
 * A verified, matched callback: SUCCESS credits the order in one transaction (PENDING or
 * EXPIRED → PAID), FAILED closes it. Repeats are ok and change nothing.
 */
export async function handleSandboxCallback(
  ctx: AppContext,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<CallbackOutcome> {
  if (!signatureValid(await sandboxSecret(ctx.db), rawBody, signature)) return { ok: false, reason: 'bad signature' };
  let body: SandboxCallback;
  try {
    body = sandboxCallback.parse(JSON.parse(rawBody.toString('utf8')));
  } catch {
    return { ok: false, reason: 'unreadable body' };
  }
  if (body.merchantId !== SANDBOX_MERCHANT) return { ok: false, reason: 'unknown merchant' };
  const order = await findDeposit(ctx.db, body.orderNo, 'sandbox');
  if (!order) return { ok: false, reason: 'unknown order' };
  if (order.amount !== body.amount) return { ok: false, reason: 'amount mismatch' };
  if (body.status === 'FAILED') {
    if (order.status === 'PAID') return { ok: false, reason: 'order already paid' };
    return { ok: true, changed: await failDeposit(ctx.db, order.orderNo, ctx.now()) };
  }
  const changed = await transaction(ctx.db, (tx) => creditDeposit(tx, ctx, order.orderNo, ['PENDING', 'EXPIRED']));
  if (changed) return { ok: true, changed };
  const now = await findDeposit(ctx.db, order.orderNo, 'sandbox');
  return now?.status === 'PAID' ? { ok: true, changed: false } : { ok: false, reason: `order ${now?.status}` };
}
