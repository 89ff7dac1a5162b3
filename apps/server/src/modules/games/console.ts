import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { ErrorCode, type operatorCalls, type gamesAdmin } from '@breakshot/contracts';
import type { z } from 'zod';
import { audited } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import type { Conn, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { pageOf } from '../../platform/paging.js';
import { isPublicKey } from '../../platform/signing.js';
import { gameByCode, providerById, providersChanged, providersWithGameCounts } from './catalogue.js';
import { walletPublicKey } from './keys.js';
import { defaultWinMultiple, setDefaultWinMultiple } from './win-limits.js';
import { gameProviders, games, providerTransactions, type GameRow, type ProviderRow } from './tables.js';

/* The operator's providers, catalogue and wallet transactions; each change audited with its before and after. */

type In<K extends keyof typeof gamesAdmin> = (typeof gamesAdmin)[K] extends { request: infer R extends z.ZodType }
  ? z.output<R>
  : never;

/** An absolute http(s) URL, or a path of this site (a provider served by this server). */
const LAUNCH_URL = /^(https?:\/\/[^\s/?#]+[^\s]*|\/[^\s]*)$/;

export async function listProviders(ctx: AppContext) {
  const [providers, operatorPublicKey, defaultMaxWinMultiple] = await Promise.all([
    providersWithGameCounts(ctx.db),
    walletPublicKey(ctx),
    defaultWinMultiple(ctx.db),
  ]);
  return { items: providers.map((p) => toAdminProvider(p, p.games)), operatorPublicKey, defaultMaxWinMultiple };
}

/** Sets the win limit of games without their own; audited with the old value. */
export async function changeDefaultWinLimit(ctx: AppContext, operator: string, input: In<'winLimitDefaultSet'>) {
  const multiple = input.maxWinMultiple;
  await audited(
    ctx,
    operator,
    async (tx) => {
      const was = await defaultWinMultiple(tx);
      await setDefaultWinMultiple(tx, multiple);
      return was;
    },
    (was) => ({
      action: 'games.win-limit.default',
      target: 'game_settings',
      payload: input,
      before: { maxWinMultiple: was },
      after: { maxWinMultiple: multiple },
    }),
  );
  return { defaultMaxWinMultiple: multiple };
}

/** Adds or changes a provider (a new one starts enabled); its key must be an RSA public key. */
export function saveProvider(ctx: AppContext, operator: string, input: In<'providerSave'>) {
  if (!isPublicKey(input.publicKey)) {
    throw new AppError(ErrorCode.BAD_REQUEST, 'publicKeyInvalid', undefined, { field: 'publicKey' });
  }
  if (!LAUNCH_URL.test(input.launchUrl)) {
    throw new AppError(ErrorCode.BAD_REQUEST, 'launchUrlInvalid', undefined, { field: 'launchUrl' });
  }
  const { id, ...details } = input;
  return changeProvider(ctx, operator, 'games.provider.save', id, input, async (tx) => {
    await tx
      .insert(gameProviders)
      .values({ ...input, createdAt: ctx.now() })
      .onConflictDoUpdate({ target: gameProviders.id, set: details });
  });
}

/** Switches a provider on or off (off: out of the lobby, its calls refused as INVALID_PARTNER). */
export function enableProvider(ctx: AppContext, operator: string, input: In<'providerEnable'>) {
  return changeProvider(ctx, operator, 'games.provider.enable', input.id, input, async (tx, before) => {
    if (!before) throw new AppError(ErrorCode.NOT_FOUND, 'providerNotFound');
    await tx.update(gameProviders).set({ enabled: input.enabled }).where(eq(gameProviders.id, input.id));
  });
}

async function changeProvider(
  ctx: AppContext,
  operator: string,
  action: operatorCalls.AuditAction,
  id: string,
  payload: Record<string, unknown>,
  change: (tx: Tx, before: ProviderRow | undefined) => Promise<void>,
) {
  const { after } = await audited(
    ctx,
    operator,
    async (tx) => {
      const before = await providerLocked(tx, id);
      await change(tx, before);
      return { before, after: (await providerLocked(tx, id))! };
    },
    ({ before, after }) => ({
      action,
      target: id,
      payload,
      before: before ? providerState(before) : null,
      after: providerState(after),
    }),
  );
  providersChanged(ctx.db);
  return toAdminProvider(after, await gameCount(ctx.db, id));
}

export async function listGames(db: Conn, input: In<'gamesList'>) {
  const where = input.providerId ? eq(games.providerId, input.providerId) : undefined;
  return pageOf(
    input,
    (limit, offset) =>
      db
        .select()
        .from(games)
        .where(where)
        .orderBy(asc(games.providerId), asc(games.sort), asc(games.code))
        .limit(limit)
        .offset(offset),
    () => db.$count(games, where),
    toAdminGame,
  );
}

/**
 * Adds or changes a game of a provider, of one of the provider's game types (a new one starts
 * enabled), with its own win limit or, left out, the default.
 */
export async function saveGame(ctx: AppContext, operator: string, input: In<'gameSave'>) {
  const provider = await providerById(ctx.db, input.providerId);
  if (!provider) throw new AppError(ErrorCode.NOT_FOUND, 'providerNotFound', undefined, { field: 'providerId' });
  if (!provider.gameTypes.includes(input.gameType)) {
    throw new AppError(ErrorCode.BAD_REQUEST, 'gameTypeNotOffered', undefined, { field: 'gameType' });
  }
  const { code, ...details } = { ...input, maxWinMultiple: input.maxWinMultiple ?? null };
  return changeGame(ctx, operator, 'games.game.save', code, input, async (tx) => {
    await tx
      .insert(games)
      .values({ code, ...details, createdAt: ctx.now() })
      .onConflictDoUpdate({ target: games.code, set: details });
  });
}

export function enableGame(ctx: AppContext, operator: string, input: In<'gameEnable'>) {
  return changeGame(ctx, operator, 'games.game.enable', input.code, input, async (tx, before) => {
    if (!before) throw new AppError(ErrorCode.NOT_FOUND, 'gameNotFound');
    await tx.update(games).set({ enabled: input.enabled }).where(eq(games.code, input.code));
  });
}

async function changeGame(
  ctx: AppContext,
  operator: string,
  action: operatorCalls.AuditAction,
  code: string,
  payload: Record<string, unknown>,
  change: (tx: Tx, before: GameRow | undefined) => Promise<void>,
) {
  const { after } = await audited(
    ctx,
    operator,
    async (tx) => {
      const [before] = await tx.select().from(games).where(eq(games.code, code)).for('update');
      await change(tx, before);
      return { before, after: (await gameByCode(tx, code))! };
    },
    ({ before, after }) => ({
      action,
      target: code,
      payload,
      before: before ? toAdminGame(before) : null,
      after: toAdminGame(after),
    }),
  );
  return toAdminGame(after);
}

/** The wallet calls as answered, newest first; by the player's name as the provider sent it. */
export async function listProviderTransactions(db: Conn, input: In<'transactionsList'>) {
  const where: SQL | undefined = input.username
    ? sql`lower(${providerTransactions.userName}) = ${input.username.toLowerCase()}`
    : undefined;
  return pageOf(
    input,
    (limit, offset) =>
      db
        .select()
        .from(providerTransactions)
        .where(where)
        .orderBy(desc(providerTransactions.id))
        .limit(limit)
        .offset(offset),
    () => db.$count(providerTransactions, where),
    (r) => ({
      transactionUuid: r.transactionUuid,
      providerId: r.providerId,
      kind: r.kind,
      username: r.userName,
      gameCode: r.gameCode,
      round: r.round,
      amount: r.amount,
      heldAmount: r.held,
      status: r.status,
      betNo: r.betNo,
      createdAt: r.createdAt.toISOString(),
    }),
  );
}

async function providerLocked(tx: Tx, id: string): Promise<ProviderRow | undefined> {
  const [row] = await tx.select().from(gameProviders).where(eq(gameProviders.id, id)).for('update');
  return row;
}

async function gameCount(db: Conn, providerId: string): Promise<number> {
  return db.$count(games, eq(games.providerId, providerId));
}

/** What the audit keeps of a provider: its key is kept whole (it is public, and disputes need it). */
const providerState = (p: ProviderRow) => ({
  name: p.name,
  enabled: p.enabled,
  gameTypes: p.gameTypes,
  publicKey: p.publicKey,
  launchUrl: p.launchUrl,
});

function toAdminProvider(p: ProviderRow, gameTotal: number): gamesAdmin.AdminProvider {
  return { id: p.id, ...providerState(p), games: gameTotal, createdAt: p.createdAt.toISOString() };
}

function toAdminGame(g: GameRow): gamesAdmin.AdminGame {
  return {
    code: g.code,
    providerId: g.providerId,
    name: g.name,
    nameEn: g.nameEn,
    gameType: g.gameType,
    image: g.image,
    enabled: g.enabled,
    sort: g.sort,
    maxWinMultiple: g.maxWinMultiple,
  };
}
