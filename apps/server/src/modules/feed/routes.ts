import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { feed, feedAdmin, serverErrorText, validationText } from '@breakshot/contracts';
import { AppError } from '../../platform/errors.js';
import { keyOf, signedBy } from './keys.js';
import { providerOf } from './providers.js';
import { FeedRefusal } from './refusal.js';
import { receiveBatch, receiveSnapshot } from './sequence.js';

/**
 * The data feed's calls, POST /feed/{providerId}/events and /snapshot (registered with the prefix
 * feed.FEED_PREFIX; outside /api/v9, no session). Encapsulated: its body parser keeps the raw
 * text, which the signature covers byte for byte. A refusal is its HTTP status with
 * { error, detail, event? } (feed.refusal), and nothing of the call is kept.
 */
export async function feedRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  const refuse = (reply: FastifyReply, r: FeedRefusal) =>
    reply.code(r.status).send({ error: r.code, detail: r.message, ...(r.event ? { event: r.event } : {}) });

  app.setErrorHandler((err: Error & { statusCode?: number }, req, reply) => {
    if (err instanceof FeedRefusal) return refuse(reply, err);
    // The match's own rules (a score no best-of allows): the provider's to fix.
    if (err instanceof AppError) {
      return refuse(reply, new FeedRefusal(422, err.messageKey, serverErrorText(err.messageKey, 'en', err.params)));
    }
    const clientError = typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500;
    if (clientError) return refuse(reply, new FeedRefusal(err.statusCode!, 'bad_request', err.message));
    req.log.error({ err }, 'feed call failed');
    return refuse(reply, new FeedRefusal(500, 'internal', 'the server failed; send the call again'));
  });
  app.setNotFoundHandler((_req, reply) => refuse(reply, new FeedRefusal(404, 'not_found', 'no such feed call')));

  type Req = FastifyRequest<{ Params: { providerId: string } }>;

  /** The raw body, checked against the provider's key, then parsed by `schema`. */
  async function signedInput<S extends z.ZodType>(
    req: Req,
    schema: S,
  ): Promise<{ providerId: string; input: z.output<S> }> {
    // An id no provider can have (a NUL byte, too long…) is unknown too, and never reaches a query.
    const valid = feedAdmin.providerId.safeParse(req.params.providerId).success;
    const provider = valid ? await providerOf(ctx.db, req.params.providerId) : null;
    if (!provider) throw new FeedRefusal(404, 'unknown_provider', `no feed provider ${req.params.providerId}`);
    if (provider.secret === '') {
      throw new FeedRefusal(403, 'console_only', `${provider.id} has no key: its entries come from the console`);
    }
    const raw = typeof req.body === 'string' ? req.body : '';
    const signature = req.headers[feed.SIGNATURE_HEADER];
    if (!signedBy(keyOf(ctx.secrets, provider), raw, Array.isArray(signature) ? signature[0] : signature)) {
      throw new FeedRefusal(
        401,
        'bad_signature',
        `${feed.SIGNATURE_HEADER} is not the body's HMAC-SHA256 under the provider's key`,
      );
    }
    if (!provider.enabled) throw new FeedRefusal(403, 'provider_disabled', 'the operator has disabled this provider');
    return { providerId: provider.id, input: parsed(schema, raw) };
  }

  app.post('/:providerId/events', async (req: Req) => {
    const { providerId, input } = await signedInput(req, feed.batch);
    return { results: await receiveBatch(ctx, req.log, providerId, input.events) };
  });

  app.post('/:providerId/snapshot', async (req: Req) => {
    const { providerId, input } = await signedInput(req, feed.snapshot);
    return receiveSnapshot(ctx, req.log, providerId, input);
  });
}

/** The body as JSON checked by the schema, or a 400 naming the first field that is wrong. */
function parsed<S extends z.ZodType>(schema: S, raw: string): z.output<S> {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new FeedRefusal(400, 'invalid_json', 'the body is not JSON');
  }
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const at = issue.path.join('.');
  // The shared fields' messages are keys (str(): 'text.control'…): said in words.
  throw new FeedRefusal(400, 'invalid_event', `${at || 'body'}: ${validationText(issue.message, 'en')}`);
}
