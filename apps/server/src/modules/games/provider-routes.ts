import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hub88 } from '@breakshot/contracts';
import { signBody } from '../../platform/signing.js';
import { walletKeys } from './keys.js';
import { refusal, type Answer } from './wallet-answers.js';
import { answerProviderCall, requestUuidOf } from './wallet-protocol.js';

/**
 * The seamless wallet's calls, POST /provider/{providerId}/{call} (outside /api/v9, no session,
 * no per-IP limit: a provider is one IP sending every player's rounds). Encapsulated: its body
 * parser keeps the raw text, which the signature covers byte for byte, and its error handler
 * answers like every call here: HTTP 200, a Hub88 status, signed with our key.
 */
export async function providerWalletRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  const send = async (reply: FastifyReply, answer: Answer) => {
    const body = JSON.stringify(answer);
    const { privatePem } = await walletKeys(ctx);
    return reply
      .code(200)
      .header(hub88.SIGNATURE_HEADER, signBody(privatePem, body))
      .type('application/json; charset=utf-8')
      .send(body);
  };

  app.setErrorHandler(async (err: Error & { statusCode?: number }, req, reply) => {
    const raw = typeof req.body === 'string' ? req.body : '';
    // Fastify's own refusals of the request (a body too large…) are the sender's; the rest ours.
    const clientError = typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500;
    if (clientError) req.log.info({ err }, 'provider call refused');
    else req.log.error({ err }, 'provider call failed');
    return send(reply, refusal(clientError ? 'RS_ERROR_WRONG_SYNTAX' : 'RS_ERROR_UNKNOWN', requestUuidOf(raw)));
  });

  app.post(
    `${hub88.PROVIDER_PREFIX}/:providerId/*`,
    async (req: FastifyRequest<{ Params: { providerId: string; '*': string } }>, reply) => {
      const raw = typeof req.body === 'string' ? req.body : '';
      const signature = req.headers[hub88.SIGNATURE_HEADER];
      const answer = await answerProviderCall(
        ctx,
        req.params.providerId,
        req.params['*'],
        raw,
        Array.isArray(signature) ? signature[0] : signature,
      );
      return send(reply, answer);
    },
  );
}
