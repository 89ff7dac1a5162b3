import { eq } from 'drizzle-orm';
import { ErrorCode, type Lang } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import type { Conn } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { newToken, sha256 } from '../../platform/tokens.js';
import { accountOfName, getUserInfo } from '../auth/service.js';
import { refuseBetWhileExcluded } from '../limits/service.js';
import { getSysConfig } from '../system/service.js';
import { gameByCode, gameName, playableGame } from './catalogue.js';
import { gameTokens, type GameTokenRow } from './tables.js';

/** How long a launch token lets the provider take bets (wins and rollbacks never check it). */
export const TOKEN_TTL_MS = 4 * 60 * 60 * 1000;

/** Hub88 tokens are 10–255 characters. */
const TOKEN_LENGTH = { min: 10, max: 255 };

/**
 * Opens a game for the player: a new launch token tied to the player, the game and the site
 * currency (only its hash is kept), and the provider's URL carrying it. A game that does not
 * exist: 404; disabled, or its provider disabled or not served here: 422; a locked or
 * self-excluded player: 403.
 */
export async function launchGame(
  ctx: AppContext,
  userId: number,
  gameCode: string,
  lang: Lang,
  notServed: readonly string[] = [],
) {
  if (!(await gameByCode(ctx.db, gameCode))) {
    throw new AppError(ErrorCode.NOT_FOUND, 'gameNotFound', undefined, { field: 'gameCode' });
  }
  const playable = await playableGame(ctx.db, gameCode, notServed);
  if (!playable) throw new AppError(ErrorCode.UNPROCESSABLE, 'gameUnavailable');
  const { username } = await getUserInfo(ctx.db, userId);
  if ((await accountOfName(ctx.db, username))?.status !== 'active') {
    throw new AppError(ErrorCode.FORBIDDEN, 'accountDisabled');
  }
  const now = ctx.now();
  await refuseBetWhileExcluded(ctx.db, userId, now);
  const { currency } = await getSysConfig(ctx.db);
  const token = newToken();
  await ctx.db.insert(gameTokens).values({
    tokenHash: tokenHashOf(token),
    userId,
    gameCode,
    currency,
    createdAt: now,
    expiresAt: new Date(now.getTime() + TOKEN_TTL_MS),
  });
  const query = new URLSearchParams({ token, user: username, game: gameCode, currency, lang: lang.slice(0, 2) });
  const base = playable.provider.launchUrl;
  return {
    url: `${base}${base.includes('?') ? '&' : '?'}${query}`,
    gameCode,
    name: gameName(playable.game, lang),
  };
}

export type TokenCheck = 'ok' | 'RS_ERROR_INVALID_TOKEN' | 'RS_ERROR_TOKEN_EXPIRED';

export interface ExpectedToken {
  userId: number;
  gameCode: string;
  currency: string;
}

/**
 * Whether a provider's token lets this player play this game in this currency now: an unknown
 * token, or one made for someone or something else, is invalid; a known one past its time expired.
 */
export async function checkToken(db: Conn, token: string, expected: ExpectedToken, now: Date): Promise<TokenCheck> {
  const [row] = await db
    .select()
    .from(gameTokens)
    .where(eq(gameTokens.tokenHash, tokenHashOf(token)));
  return tokenVerdict(token, row, expected, now);
}

/** The key a launch token is kept under. */
export const tokenHashOf = sha256;

/** What a launch token's row says of it. */
export type TokenFacts = Pick<GameTokenRow, 'userId' | 'gameCode' | 'currency' | 'expiresAt'>;

/** checkToken for the row the caller read under tokenHashOf(token) (undefined: none). */
export function tokenVerdict(
  token: string,
  row: TokenFacts | undefined,
  expected: ExpectedToken,
  now: Date,
): TokenCheck {
  if (token.length < TOKEN_LENGTH.min || token.length > TOKEN_LENGTH.max) return 'RS_ERROR_INVALID_TOKEN';
  if (
    !row ||
    row.userId !== expected.userId ||
    row.gameCode !== expected.gameCode ||
    row.currency !== expected.currency
  ) {
    return 'RS_ERROR_INVALID_TOKEN';
  }
  return row.expiresAt > now ? 'ok' : 'RS_ERROR_TOKEN_EXPIRED';
}
