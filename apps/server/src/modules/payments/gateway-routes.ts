import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestLang } from '../../platform/lang.js';
import { getSysConfig } from '../system/service.js';
import { findDeposit } from './service.js';
import { checkoutPage, notFoundPage, resultPage, type PageContext } from './sandbox-page.js';
import { recordCallback } from './callback-record.js';
import { handleSandboxCallback, SANDBOX_MERCHANT, type SandboxCallback } from './sandbox.js';
import { sandboxSecret, sign, ticketValid } from './sandbox-secret.js';

export const SANDBOX_CALLBACK_PATH = '/pay/callback/sandbox';

/** Order numbers as startPay makes them (D + 20 digits); anything else is unknown at once. */
const ORDER_NO = /^D\d{20}$/;

interface CheckoutRequest {
  Params: { orderNo: string };
  Querystring: { ticket?: string; lang?: string };
}

/**
 * The built-in sandbox gateway (docs/design.md §8): its hosted page, its pay/fail buttons, and this
 * site's callback endpoint, which the buttons reach as a signed server-to-server request.
 * Registered only where the sandbox exists (never in production unless SANDBOX_PAY=1), in a
 * scope of its own: here JSON bodies stay raw bytes, for the signature. The page and its buttons
 * need the ticket of the session that started the order (payUrl carries it).
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

  async function pageContext(req: FastifyRequest<CheckoutRequest>): Promise<PageContext> {
    const { lang } = req.query;
    const { siteName, timeZone } = await getSysConfig(ctx.db);
    return { lang: lang === 'en' || lang === 'zh-CN' ? lang : requestLang(req), siteName, timeZone };
  }

  /** The order of the URL if the request carries its player's ticket; otherwise undefined. */
  async function orderOf(req: FastifyRequest<CheckoutRequest>) {
    const { orderNo } = req.params;
    if (!ORDER_NO.test(orderNo)) return undefined;
    const order = await findDeposit(ctx.db, orderNo, 'sandbox');
    if (!order || !(await ticketValid(ctx, order, req.query.ticket, ctx.now()))) return undefined;
    return order;
  }

  app.get<CheckoutRequest>('/pay/sandbox/:orderNo', async (req, reply) => {
    const page = await pageContext(req);
    const order = await orderOf(req);
    if (!order) return html(reply, notFoundPage(page), 404);
    return html(reply, checkoutPage(page, order, req.query.ticket ?? ''));
  });

  for (const action of ['pay', 'fail'] as const) {
    app.post<CheckoutRequest>(`/pay/sandbox/:orderNo/${action}`, async (req, reply) => {
      const page = await pageContext(req);
      const order = await orderOf(req);
      if (!order) return html(reply, notFoundPage(page), 404);
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
        headers: { 'content-type': 'application/json', 'x-signature': sign(await sandboxSecret(ctx), raw) },
        payload: raw,
      });
      const after = await findDeposit(ctx.db, order.orderNo, 'sandbox');
      return html(reply, resultPage(page, order.orderNo, after?.status ?? order.status, res.body !== 'success'));
    });
  }

  /*
   * A gateway reads any answer but `success` as "not taken", and an HTTP 2xx as "delivered": what
   * Fastify refuses before the handler (a body over the limit, an unreadable one) answers like the
   * handler's refusals, not with the API's HTTP 200 envelope; a failure of ours is a 500 to retry.
   */
  const callbackErrors = (err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const refused = typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500;
    if (refused) req.log.warn({ err }, 'sandbox callback refused');
    else req.log.error({ err }, 'sandbox callback failed');
    return reply
      .code(refused ? 400 : 500)
      .type('text/plain')
      .send(refused ? 'fail: unreadable request' : 'fail: internal error');
  };

  app.post(SANDBOX_CALLBACK_PATH, { errorHandler: callbackErrors }, async (req, reply) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const signature = req.headers['x-signature'];
    const outcome = await handleSandboxCallback(ctx, raw, typeof signature === 'string' ? signature : undefined);
    await recordCallback(ctx.db, {
      gateway: 'sandbox',
      payload: raw.toString('utf8'),
      outcome: outcome.ok ? (outcome.changed ? 'applied' : 'repeat') : `refused: ${outcome.reason}`,
      receivedAt: ctx.now(),
    });
    if (!outcome.ok) {
      req.log.warn({ reason: outcome.reason }, 'sandbox callback refused');
      return reply.code(400).type('text/plain').send(`fail: ${outcome.reason}`);
    }
    return reply.type('text/plain').send('success');
  });
}
