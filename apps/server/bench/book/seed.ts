import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { adjustBalance } from '../../src/modules/admin/adjust.js';
import { placeBet, type NewBet } from '../../src/modules/bets/service.js';
import { marketName, selectionName } from '../../src/modules/taiqiu/labels.js';
import { loadMatch } from '../../src/modules/taiqiu/matches.js';
import { matches } from '../../src/modules/taiqiu/tables.js';
import { playersOf } from '../../src/modules/taiqiu/views.js';
import { accountId } from '../../src/modules/wallet/ledger.js';
import { HOUSE_SHARDS } from '../../src/modules/wallet/tables.js';
import type { AppContext } from '../../src/platform/context.js';
import { inTransaction, type Database } from '../../src/platform/db.js';
import { instanceContext } from '../../src/platform/instance-context.js';
import { secretBox } from '../../src/platform/secret-box.js';
import { domainEventBus } from '../../src/subscribers.js';
import type { BenchPlayer } from '../lib/players.js';

/*
 * The book benchmarks' set-up, by the server's own services in this process (as another instance
 * would run them), not through HTTP: players' cash by the operator's adjustment (adjustBalance,
 * the console's call), and many open bets by placeBet itself, a batch to a transaction, so each
 * bet is in exactly the state a bet placed before the match began is in (its row with the
 * agent chain, the stake's transfer to the house, the player's and the house's entries).
 */

/** An instance's context on the benchmark's database (its live hub publishes as any instance's). */
export function benchContext(database: Database): AppContext {
  return instanceContext(database, () => new Date(), secretBox(Buffer.alloc(32, 7)), domainEventBus());
}

/** `each` of every item, `concurrency` at a time. */
async function inTurn<T>(items: readonly T[], concurrency: number, each: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) await each(items[i]!);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** Credits every player `cents` as the console's balance adjustment does (its audit row, its transfer). */
export async function fundPlayers(ctx: AppContext, players: readonly BenchPlayer[], cents: number): Promise<void> {
  await inTurn(players, 8, async (p) => {
    await adjustBalance(ctx, 'bench', {
      username: p.username,
      amount: cents,
      reason: 'bench funds',
      requestId: randomUUID(),
    });
  });
}

/** The id of the match the feed plays under `ref`. */
export async function feedMatchId(database: Database, providerId: string, ref: string): Promise<number> {
  const [row] = await database.db
    .select({ id: matches.id })
    .from(matches)
    .where(and(eq(matches.feedProviderId, providerId), eq(matches.feedMatch, ref)));
  if (!row) throw new Error(`no match ${providerId}/${ref}`);
  return row.id;
}

/** Bets in one transaction of the seeding. */
const SEED_BATCH = 250;
/** Transactions at once; a player's bets all go through one of them, so they never wait on each other. */
const SEED_WORKERS = 4;

/**
 * `perPlayer` open bets of `stake` by each player on the match, spread in turn over every pick
 * of its markets not closed that has no outcome yet, at its odds now. Returns the bets placed.
 */
export async function seedOpenBets(
  ctx: AppContext,
  matchId: number,
  players: readonly BenchPlayer[],
  perPlayer: number,
  stake: number,
): Promise<number> {
  const state = await loadMatch(ctx.db, matchId);
  if (!state) throw new Error(`no match ${matchId}`);
  const names = playersOf(state.match);
  const picks = state.markets
    .filter((m) => m.status !== 'closed')
    .flatMap((market) => market.selections.filter((s) => s.result === null).map((sel) => ({ market, sel })));
  if (picks.length === 0) throw new Error(`match ${matchId} has no pick to bet on`);
  const betOf = (userId: number, k: number): NewBet => {
    const { market, sel } = picks[k % picks.length]!;
    return {
      userId,
      gameType: 'taiqiu',
      gameName: `${names.a} vs ${names.b}`,
      roundId: String(matchId),
      marketId: market.id,
      marketType: market.type,
      marketName: marketName(market.type, 'zh-CN', market),
      selectionId: sel.id,
      pick: sel.pick,
      selectionName: selectionName(market.type, market.line, sel.pick, names, 'zh-CN'),
      line: market.line,
      frame: market.frame,
      oddsMilli: sel.oddsMilli,
      stake,
      requestId: randomUUID(),
    };
  };
  // The house's shards opened first: bets opening them at once in several transactions deadlock.
  for (let shard = 0; shard < HOUSE_SHARDS; shard += 1) await accountId(ctx.db, { house: 'house', shard });
  // Worker w places the bets of players w, w + SEED_WORKERS, …: a transaction locks only its own players' cash.
  const perBatch = Math.max(1, Math.floor(SEED_BATCH / perPlayer));
  let placed = 0;
  const worker = async (w: number) => {
    const mine = players.filter((_, i) => i % SEED_WORKERS === w);
    for (let i = 0; i < mine.length; i += perBatch) {
      const batch = mine.slice(i, i + perBatch);
      await inTransaction(ctx.db, async (tx) => {
        for (const [j, p] of batch.entries()) {
          // The player's place in `players`: its bets take the next `perPlayer` picks in turn.
          const n = (i + j) * SEED_WORKERS + w;
          for (let b = 0; b < perPlayer; b += 1) {
            await placeBet(tx, ctx, betOf(p.userId, n * perPlayer + b), { exclusionChecked: true });
          }
        }
      });
      placed += batch.length * perPlayer;
    }
  };
  await Promise.all(Array.from({ length: SEED_WORKERS }, (_, w) => worker(w)));
  return placed;
}
