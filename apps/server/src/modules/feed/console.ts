import { and, count, desc, eq } from 'drizzle-orm';
import { ErrorCode, feed, type feedAdmin } from '@breakshot/contracts';
import type { z } from 'zod';
import { audited } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { feedOfMatch } from '../taiqiu/service.js';
import { newFeedKey } from './keys.js';
import { providerOf, providersWithHealth, saveProvider, setProviderKey } from './providers.js';
import { feedEvents } from './tables.js';

/* The operator's feed calls: providers and their keys (audited, the key itself never), and a match's event log. */

type In<K extends keyof typeof feedAdmin> = (typeof feedAdmin)[K] extends { request: infer R extends z.ZodType }
  ? z.output<R>
  : never;

export const listProviders = async (ctx: AppContext) => ({ list: await providersWithHealth(ctx.db, ctx.now()) });

const providerNow = async (ctx: AppContext, id: string) =>
  (await providersWithHealth(ctx.db, ctx.now())).find((p) => p.id === id)!;

export async function operatorSaveProvider(ctx: AppContext, operator: string, input: In<'providerSave'>) {
  const key = await audited(
    ctx,
    operator,
    async (tx) => ({ before: await providerOf(tx, input.id), key: await saveProvider(tx, ctx, input) }),
    ({ before, key }) => ({
      action: 'feed.provider.save',
      target: `feed provider ${input.id}`,
      payload: { ...input, newKey: key !== null },
      before: before && { name: before.name, enabled: before.enabled, staleSeconds: before.staleSeconds },
      after: { name: input.name, enabled: input.enabled, staleSeconds: input.staleSeconds },
    }),
  );
  return { provider: await providerNow(ctx, input.id), key: key.key };
}

export async function operatorSetProviderKey(ctx: AppContext, operator: string, input: In<'providerKey'>) {
  const key = input.key ?? newFeedKey();
  await audited(
    ctx,
    operator,
    async (tx) => {
      const before = await providerOf(tx, input.id);
      if (input.id === feed.CONSOLE_PROVIDER) {
        throw new AppError(ErrorCode.FORBIDDEN, 'feedProviderConsole', undefined, { field: 'id' });
      }
      if (!before || !(await setProviderKey(tx, ctx, input.id, key))) {
        throw new AppError(ErrorCode.NOT_FOUND, 'feedProviderNotFound', undefined, { field: 'id' });
      }
      return before;
    },
    (before) => ({
      action: 'feed.provider.key',
      target: `feed provider ${input.id}`,
      payload: { id: input.id, given: input.key !== undefined },
      before: { keyHint: before.keyHint },
      after: { keyHint: key.slice(-4) },
    }),
  );
  return { provider: await providerNow(ctx, input.id), key };
}

/** The match's feed position and its events, newest first. */
export async function matchEventLog(ctx: AppContext, input: In<'matchEvents'>) {
  const place = await feedOfMatch(ctx.db, input.matchId);
  if (!place) throw new AppError(ErrorCode.NOT_FOUND, 'matchNotFound');
  const head = {
    providerId: place.providerId,
    feedMatch: place.feedMatch,
    seq: place.seq,
    feedState: place.feedState,
    heardAt: place.heardAt?.toISOString() ?? null,
    page: input.page,
    pageSize: input.pageSize,
  };
  if (!place.providerId || !place.feedMatch) return { ...head, list: [], total: 0 };
  const where = and(eq(feedEvents.providerId, place.providerId), eq(feedEvents.matchRef, place.feedMatch));
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(feedEvents)
      .where(where)
      .orderBy(desc(feedEvents.seq), desc(feedEvents.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    ctx.db.select({ n: count() }).from(feedEvents).where(where),
  ]);
  const list = rows.map((r) => ({
    eventId: r.eventId,
    seq: r.seq,
    type: r.type,
    state: r.state,
    receivedAt: r.receivedAt.toISOString(),
    body: r.body,
  }));
  return { ...head, list, total: total?.n ?? 0 };
}
