import { randomInt } from 'node:crypto';
import pg from 'pg';
import { tokenHashOf } from '../../src/modules/games/launch.js';
import { nameStatements } from '../../src/platform/named-statements.js';
import { pipelineEdges } from '../../src/platform/pipelined-edges.js';
import { houseShardOf } from '../../src/modules/wallet/tables.js';
import { replayCall, referencesOf, type References } from './replay.js';
import { readSnapshot, type BaselineKind, type StatementSnapshot } from './statements.js';

/*
 * The baseline of the money benchmark: the server's own statements of one provider debit or one
 * billiards bet, captured by test/wallet/money-statements.test.ts (statements/<kind>.json) and
 * replayed with `pg` as fast as it sends them, from a pool the size of the server's, `concurrency`
 * calls at once, each call its statements in the captured order on one client (BEGIN … COMMIT and
 * the notification after it; those the server wrote to the database together, as the snapshot
 * says, written together), a random player, fresh values (statements.ts says how each is made).
 * What it leaves out is the server's own share: HTTP, JSON, validation, signatures, and the Node
 * work between statements; so a ratio to it says how near the money path runs to what the
 * database allows for these statements. One difference the other way: the server sends the
 * notification on its publisher connection without waiting for it, the replay waits for it on the
 * call's client. The rows are real ledger rows (bet, transfer, entries, house move), so the ledger
 * check afterwards covers them.
 */

export type { BaselineKind };

export interface BaselinePlayer {
  userId: number;
  username: string;
  /** The player's cash account. */
  accountId: number;
  /** The player's launch token of the provider's slot game (a debit names its hash). */
  launchToken?: string;
  /** The house account's shard the player's transfers move (modules/wallet/tables.ts houseShardOf). */
  houseAccountId: number;
}

export interface BaselineOptions {
  url: string;
  kind: BaselineKind;
  players: BaselinePlayer[];
  /** The provider and slot game a debit names. */
  providerId: string;
  gameCode: string;
  /** The billiards selection a bet names. */
  selection: { matchId: number; marketId: number; selectionId: number; oddsMilli: number };
  /** Each call's stake in cents: must be the captured call's, whose amounts are literal. */
  stake: number;
  poolSize: number;
  concurrency: number;
  durationMs: number;
}

export interface LoadResult {
  /** Completed operations per second. */
  perSecond: number;
  ok: number;
  errors: number;
  /** The first error seen, if any. */
  firstError?: string;
}

/** The benchmark's values of the names the test gave its own (test/wallet/money-statements.test.ts). */
function fixedReferences(options: BaselineOptions): References {
  return {
    'provider.id': options.providerId,
    'provider.gameCode': options.gameCode,
    'match.id': options.selection.matchId,
    'market.id': options.selection.marketId,
    'selection.id': options.selection.selectionId,
    'selection.oddsMilli': options.selection.oddsMilli,
  };
}

function playerReferences(player: BaselinePlayer): References {
  return {
    'player.userId': player.userId,
    'player.username': player.username,
    'player.accountId': player.accountId,
    'player.houseShard': houseShardOf(player.userId),
    'house.accountId': player.houseAccountId,
    ...(player.launchToken ? { 'player.launchTokenHash': tokenHashOf(player.launchToken) } : {}),
  };
}

/** Each player's references with the fixed ones; fails naming what the snapshot needs and none gives. */
function referencesPerPlayer(snapshot: StatementSnapshot, options: BaselineOptions): References[] {
  if (snapshot.stake !== options.stake) {
    throw new Error(`the ${options.kind} snapshot was captured at a stake of ${snapshot.stake}, not ${options.stake}`);
  }
  const fixed = fixedReferences(options);
  const perPlayer = options.players.map((p) => ({ ...fixed, ...playerReferences(p) }));
  for (const name of referencesOf(snapshot)) {
    const missing = perPlayer.find((refs) => refs[name] === undefined);
    if (missing)
      throw new Error(`the ${options.kind} snapshot names ${name}, which the baseline's options do not give`);
  }
  return perPlayer;
}

export async function runBaseline(options: BaselineOptions): Promise<LoadResult> {
  const snapshot = readSnapshot(options.kind);
  const players = referencesPerPlayer(snapshot, options);
  // Named, pipelined and written with the transaction's edges as the server's pool does (platform/db.ts).
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize,
    pipeline: true,
    onConnect: (client) => {
      nameStatements(client);
      pipelineEdges(client);
    },
  });
  try {
    // Open the pool's connections before the clock starts, as the running server has.
    await Promise.all(Array.from({ length: options.poolSize }, () => pool.query('SELECT 1')));
    const result: LoadResult = { perSecond: 0, ok: 0, errors: 0 };
    const end = Date.now() + options.durationMs;
    const started = Date.now();
    const worker = async () => {
      while (Date.now() < end) {
        try {
          await replayed(pool, snapshot, players[randomInt(players.length)]!);
          result.ok += 1;
        } catch (err) {
          result.errors += 1;
          result.firstError ??= err instanceof Error ? err.message : String(err);
        }
      }
    };
    await Promise.all(Array.from({ length: options.concurrency }, worker));
    result.perSecond = result.ok / ((Date.now() - started) / 1000);
    return result;
  } finally {
    await pool.end();
  }
}

async function replayed(pool: pg.Pool, snapshot: StatementSnapshot, refs: References): Promise<void> {
  const client = await pool.connect();
  try {
    await replayCall(client, snapshot, refs);
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
