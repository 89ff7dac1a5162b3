import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db.js';
import { preparedInTransaction } from '../../platform/prepared.js';
import { excludedUntilColumn } from '../limits/service.js';
import { cashBalanceColumns } from '../wallet/service.js';
import { tokenHashOf, type TokenFacts } from './launch.js';
import {
  gameProviders,
  games,
  gameTokens,
  providerTransactions,
  type GameRow,
  type ProviderTransactionRow,
} from './tables.js';
import { isRolledBackColumn } from './wallet-store.js';

export interface BetQuestion {
  providerId: string;
  transactionUuid: string;
  gameCode: string;
  token: string;
  /** The player named, if known. */
  userId: number | undefined;
  now: Date;
}

/** Only the columns the checks read: each one more is work per bet for the driver and Drizzle. */
export interface BetFacts {
  earlier: Pick<ProviderTransactionRow, 'fingerprint' | 'answer'> | null;
  rolledBack: boolean;
  game: Pick<GameRow, 'code' | 'name' | 'gameType'> | null;
  token: TokenFacts | null;
  excludedUntil: Date | null;
  balance: number;
}

/**
 * What transaction/bet decides on, read in one statement once its locks are held (the uuid's and
 * the player's): the uuid's earlier transaction and whether a rollback of it went through, the
 * provider's enabled game of this code, the launch token, the player's self-exclusion and
 * available balance. The bet uses only what its checks reach, in their order (wallet-bet.ts).
 */
export async function betFacts(tx: Tx, q: BetQuestion): Promise<BetFacts> {
  const [row] = await betFactsQuery(tx).execute({
    providerId: q.providerId,
    transactionUuid: q.transactionUuid,
    gameCode: q.gameCode,
    tokenHash: tokenHashOf(q.token),
    userId: q.userId ?? null,
    now: q.now.toISOString(),
  });
  if (!row) throw new Error(`provider ${q.providerId} not found`);
  return row;
}

const betFactsQuery = preparedInTransaction((db) => {
  const providerId = sql.placeholder('providerId');
  const transactionUuid = sql.placeholder('transactionUuid');
  const userId = sql`${sql.placeholder('userId')}::bigint`;
  return db
    .select({
      earlier: { fingerprint: providerTransactions.fingerprint, answer: providerTransactions.answer },
      rolledBack: isRolledBackColumn(providerId, transactionUuid),
      game: { code: games.code, name: games.name, gameType: games.gameType },
      token: {
        userId: gameTokens.userId,
        gameCode: gameTokens.gameCode,
        currency: gameTokens.currency,
        expiresAt: gameTokens.expiresAt,
      },
      excludedUntil: excludedUntilColumn(userId, sql.placeholder('now')),
      balance: cashBalanceColumns(userId).balance,
    })
    .from(gameProviders)
    .leftJoin(
      providerTransactions,
      and(
        eq(providerTransactions.providerId, gameProviders.id),
        eq(providerTransactions.transactionUuid, transactionUuid),
      ),
    )
    .leftJoin(
      games,
      and(eq(games.code, sql.placeholder('gameCode')), eq(games.providerId, gameProviders.id), eq(games.enabled, true)),
    )
    .leftJoin(gameTokens, eq(gameTokens.tokenHash, sql.placeholder('tokenHash')))
    .where(eq(gameProviders.id, providerId))
    .prepare('wallet_bet_facts');
});
