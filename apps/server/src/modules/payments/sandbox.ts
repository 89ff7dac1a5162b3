import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { creditPaidOrder } from './credit-batch.js';
import { failDeposit, findDeposit, findSandboxDeposit } from './service.js';
import { sandboxSecret, signatureValid } from './sandbox-secret.js';

/** The merchant id the sandbox gateway knows this site by. */
export const SANDBOX_MERCHANT = 'breakshot';

/** Text the database can look up: PostgreSQL text holds no NUL character. */
const text = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => !s.includes('\u0000'));

/** The gateway's callback body (signed: x-signature = hex HMAC-SHA256 of the raw body). */
export const sandboxCallback = z
  .object({
    merchantId: z.string(),
    orderNo: text(64),
    amount: z.number().int().positive(),
    status: z.enum(['SUCCESS', 'FAILED']),
    tradeNo: text(64),
  })
  .strict();
export type SandboxCallback = z.infer<typeof sandboxCallback>;

export type CallbackOutcome = { ok: true; changed: boolean } | { ok: false; reason: string };

/**
 * A verified, matched callback: SUCCESS credits the order in one transaction (PENDING or
 * EXPIRED → PAID; with other callbacks' credits, credit-batch.ts), FAILED closes it. Repeats are
 * ok and change nothing.
 */
export async function handleSandboxCallback(
  ctx: AppContext,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<CallbackOutcome> {
  if (!signatureValid(await sandboxSecret(ctx), rawBody, signature)) return { ok: false, reason: 'bad signature' };
  let body: SandboxCallback;
  try {
    body = sandboxCallback.parse(JSON.parse(rawBody.toString('utf8')));
  } catch {
    return { ok: false, reason: 'unreadable body' };
  }
  if (body.merchantId !== SANDBOX_MERCHANT) return { ok: false, reason: 'unknown merchant' };
  const order = await findSandboxDeposit(ctx.db, body.orderNo);
  if (!order) return { ok: false, reason: 'unknown order' };
  if (order.amount !== body.amount) return { ok: false, reason: 'amount mismatch' };
  if (body.status === 'FAILED') {
    if (order.status === 'PAID') return { ok: false, reason: 'order already paid' };
    return { ok: true, changed: await failDeposit(ctx.db, order.orderNo, ctx.now()) };
  }
  const changed = await creditPaidOrder(ctx, { orderNo: order.orderNo, userId: order.userId });
  if (changed) return { ok: true, changed };
  const now = await findDeposit(ctx.db, order.orderNo, 'sandbox');
  return now?.status === 'PAID' ? { ok: true, changed: false } : { ok: false, reason: `order ${now?.status}` };
}
