import { createPrivateKey } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hub88 } from '@breakshot/contracts';
import { signBody } from '../../platform/signing.js';
import { walletKeys } from './keys.js';
import { refusal, type Answer } from './wallet-answers.js';
import { answerProviderCall, requestUuidOf } from './wallet-protocol.js';

/**
 * The seamless wallet's calls, POST /provider/{providerId}/{call} (registered with the prefix
 * hub88.PROVIDER_PREFIX; outside /api/v9, no session, no per-IP limit: a provider is one IP
 * sending every player's rounds). Encapsulated: its body parser keeps the raw text, which the
 * signature covers byte for byte, and its error and not-found handlers answer like every call
 * here: HTTP 200, a Hub88 status, signed with our key (read at start, so that answering never
 * depends on reaching the database).
 */
export async function providerWalletRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const privateKey = createPrivateKey((await walletKeys(ctx)).privatePem);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  const rawOf = (req: FastifyRequest) => (typeof req.body === 'string' ? req.body : '');
  const send = (reply: FastifyReply, answer: Answer) => {
    const body = JSON.stringify(answer);
    return reply
      .code(200)
      .header(hub88.SIGNATURE_HEADER, signBody(privateKey, body))
      .type('application/json; charset=utf-8')
      .send(body);
  };

  app.setErrorHandler((err: Error & { statusCode?: number }, req, reply) => {
    // Fastify's own refusals of the request (a body too large…) are the sender's; the rest ours.
    const clientError = typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500;
    if (clientError) req.log.info({ err }, 'provider call refused');
    else req.log.error({ err }, 'provider call failed');
    return send(reply, refusal(clientError ? 'RS_ERROR_WRONG_SYNTAX' : 'RS_ERROR_UNKNOWN', requestUuidOf(rawOf(req))));
  });

  // A path that names no provider and call (or another method than POST): not a call we know.
  app.setNotFoundHandler((req, reply) => send(reply, refusal('RS_ERROR_WRONG_SYNTAX', requestUuidOf(rawOf(req)))));

  app.post('/:providerId/*', async (req: FastifyRequest<{ Params: { providerId: string; '*': string } }>, reply) => {
    const signature = req.headers[hub88.SIGNATURE_HEADER];
    const answer = await answerProviderCall(
      ctx,
      req.params.providerId,
      req.params['*'],
      rawOf(req),
      Array.isArray(signature) ? signature[0] : signature,
    );
    return send(reply, answer);
  });
}
