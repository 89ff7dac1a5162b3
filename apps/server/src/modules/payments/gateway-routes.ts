import type { FastifyInstance, FastifyReply } from 'fastify';
import { findDeposit } from './service.js';
import { checkoutPage, notFoundPage, resultPage } from './sandbox-page.js';
import { handleSandboxCallback, SANDBOX_MERCHANT, sandboxSecret, sign, type SandboxCallback } from './sandbox.js';

export const SANDBOX_CALLBACK_PATH = '/pay/callback/sandbox';

/**
 * The built-in sandbox gateway (DESIGN.md §8): its hosted page, its pay/fail buttons, and this
 * site's callback endpoint, which the buttons reach as a signed server-to-server request.
 * Registered in a scope of its own: here JSON bodies stay raw bytes, for the signature.
 */
export async function sandboxGatewayRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 16 * 1024 }, (_req, body, done) =>
    done(null, body),
  );
  // The page's forms post no fields.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_req, _body, done) => done(null, {}),
  );

  const html = (reply: FastifyReply, page: string, status = 200) =>
    reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);

  app.get<{ Params: { orderNo: string } }>('/pay/sandbox/:orderNo', async (req, reply) => {
    const order = await findDeposit(ctx.db, req.params.orderNo, 'sandbox');
    return order ? html(reply, checkoutPage(order)) : html(reply, notFoundPage(), 404);
  });

  for (const action of ['pay', 'fail'] as const) {
    app.post<{ Params: { orderNo: string } }>(`/pay/sandbox/:orderNo/${action}`, async (req, reply) => {
      const order = await findDeposit(ctx.db, req.params.orderNo, 'sandbox');
      if (!order) return html(reply, notFoundPage(), 404);
      // What the gateway sends the merchant once the payer acts.
      const callback: SandboxCallback = {
        merchantId: SANDBOX_MERCHANT,
        orderNo: order.orderNo,
        amount: order.amount,
        status: action === 'pay' ? 'SUCCESS' : 'FAILED',
        tradeNo: `SBX${Date.now()}`,
      };
      const raw = JSON.stringify(callback);
      const res = await app.inject({
        method: 'POST',
        url: SANDBOX_CALLBACK_PATH,
        headers: { 'content-type': 'application/json', 'x-signature': sign(await sandboxSecret(ctx.db), raw) },
        payload: raw,
      });
      const after = await findDeposit(ctx.db, order.orderNo, 'sandbox');
      const note = res.body === 'success' ? '' : `网关回调被拒绝 · callback refused: ${res.body}`;
      return html(reply, resultPage(order.orderNo, after?.status ?? order.status, note));
    });
  }

  app.post(SANDBOX_CALLBACK_PATH, async (req, reply) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const signature = req.headers['x-signature'];
    const outcome = await handleSandboxCallback(ctx, raw, typeof signature === 'string' ? signature : undefined);
    if (!outcome.ok) {
      req.log.warn({ reason: outcome.reason, body: raw.toString('utf8').slice(0, 500) }, 'sandbox callback refused');
      return reply.code(400).type('text/plain').send(`fail: ${outcome.reason}`);
    }
    return reply.type('text/plain').send('success');
  });
}
