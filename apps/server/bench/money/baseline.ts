import { createHash, randomInt, randomUUID } from 'node:crypto';
import pg from 'pg';

/*
 * The baseline of the money benchmark: one bet's writes sent straight with `pg` from a pool the
 * size of the server's, one transaction per bet, `concurrency` at a time. It is NOT the server's
 * statements sent bare, and is slower than they would be: it sends 10 statements for a bet and 11
 * for a provider debit (BEGIN, the bet row, both accounts locked one SELECT … FOR NO KEY UPDATE
 * each in id order, the transfer, both balances, the two entries, the notification, the provider
 * transaction for a debit, COMMIT), where the server sends 8 and 9 with two reads among them
 * (test/wallet/money-statements.test.ts pins those): the server writes the transfer with the
 * player's move and entry in one statement, and moves the shared house account in one statement
 * just before COMMIT (modules/wallet/house-moves.ts), while this baseline locks the house row near
 * the start of its transaction and holds it to the end, so every bet queues for it. A ratio to
 * this baseline therefore says how the server compares with a naive hand-written transaction, not
 * how near the database's limit it runs (bench/README.md). The notification goes to a channel
 * nobody listens to; the rows are real ledger rows, so the ledger check afterwards covers them.
 */

export type BaselineKind = 'debit' | 'bet';

export interface BaselinePlayer {
  userId: number;
  username: string;
  /** The player's cash account. */
  accountId: number;
}

export interface BaselineOptions {
  url: string;
  kind: BaselineKind;
  players: BaselinePlayer[];
  houseAccountId: number;
  /** The provider and slot game a debit names. */
  providerId: string;
  gameCode: string;
  /** The billiards selection a bet names. */
  selection: { matchId: number; marketId: number; selectionId: number; oddsMilli: number };
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

const ACCOUNT_COLUMNS = 'id, owner_id, kind, debits_posted, credits_posted, debits_pending, credits_pending';

interface Balances {
  id: string;
  credits_posted: string;
  debits_posted: string;
  debits_pending: string;
}
const available = (a: Balances) => Number(a.credits_posted) - Number(a.debits_posted) - Number(a.debits_pending);

export async function runBaseline(options: BaselineOptions): Promise<LoadResult> {
  const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize });
  try {
    // Open the pool's connections before the clock starts, as the running server has.
    await Promise.all(Array.from({ length: options.poolSize }, () => pool.query('SELECT 1')));
    const result: LoadResult = { perSecond: 0, ok: 0, errors: 0 };
    const end = Date.now() + options.durationMs;
    const started = Date.now();
    const worker = async () => {
      while (Date.now() < end) {
        const player = options.players[randomInt(options.players.length)]!;
        try {
          await oneBet(pool, options, player);
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

async function oneBet(pool: pg.Pool, options: BaselineOptions, player: BaselinePlayer): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const now = new Date();
    const betNo = `${Date.now()}${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
    const round = randomUUID();
    const { selection: sel } = options;
    // A billiards bet names its match, market and selection and carries the app's request id.
    const game: unknown[] =
      options.kind === 'bet'
        ? ['taiqiu', 'A vs B', String(sel.matchId), sel.marketId, 'winner', '独赢', sel.selectionId, 'a', 'A']
        : ['slots', 'Bench Slot', `${options.providerId}:${round}`, null, null, null, null, null, null];
    const requestId = options.kind === 'bet' ? randomUUID() : null;
    const oddsMilli = options.kind === 'bet' ? sel.oddsMilli : null;
    await client.query(
      `INSERT INTO bets (bet_no, user_id, game_type, game_name, round_id, market_id, market_type, market_name,
         selection_id, pick, selection_name, odds_milli, stake, agent_chain, placed_at, request_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING *`,
      [betNo, player.userId, ...game, oddsMilli, options.stake, [], now, requestId],
    );
    const [first, second] = [player.accountId, options.houseAccountId].sort((a, b) => a - b);
    for (const id of [first, second]) {
      await client.query(`SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE id = $1 FOR NO KEY UPDATE`, [id]);
    }
    const hash = createHash('sha256').update(betNo).digest('hex');
    const transfer = await client.query<{ id: string }>(
      `INSERT INTO transfers (idempotency_key, request_hash, kind, code, debit_account_id, credit_account_id, amount,
         reference_table, reference_id, created_at)
       VALUES ($1, $2, 'single', 'bet', $3, $4, $5, 'bets', $6, $7) ON CONFLICT DO NOTHING RETURNING *`,
      [`bet:${betNo}`, hash, player.accountId, options.houseAccountId, options.stake, betNo, now],
    );
    const debited = await client.query<Balances>(
      `UPDATE accounts SET debits_posted = debits_posted + $1 WHERE id = $2 RETURNING ${ACCOUNT_COLUMNS}`,
      [options.stake, player.accountId],
    );
    const credited = await client.query<Balances>(
      `UPDATE accounts SET credits_posted = credits_posted + $1 WHERE id = $2 RETURNING ${ACCOUNT_COLUMNS}`,
      [options.stake, options.houseAccountId],
    );
    const transferId = transfer.rows[0]!.id;
    await client.query(
      `INSERT INTO entries (transfer_id, account_id, type, amount, balance_after, created_at)
       VALUES ($1, $2, 'bet', $3, $4, $5), ($1, $6, 'bet', $7, $8, $5)`,
      [
        transferId,
        player.accountId,
        -options.stake,
        available(debited.rows[0]!),
        now,
        options.houseAccountId,
        options.stake,
        available(credited.rows[0]!),
      ],
    );
    const balance = available(debited.rows[0]!);
    await client.query('SELECT pg_notify($1, $2)', [
      'bench_money',
      JSON.stringify({ kind: 'event', userId: player.userId, event: { type: 'BALANCE_UPDATED', balance } }),
    ]);
    if (options.kind === 'debit') {
      const answer = { user: player.username, status: 'RS_OK', request_uuid: randomUUID(), currency: 'CNY', balance };
      await client.query(
        `INSERT INTO provider_transactions (provider_id, transaction_uuid, kind, fingerprint, user_name, user_id,
           game_code, round, amount, status, answer, bet_no, created_at)
         VALUES ($1, $2, 'bet', $3, $4, $5, $6, $7, $8, 'RS_OK', $9, $10, $11)`,
        [
          options.providerId,
          randomUUID(),
          hash,
          player.username,
          player.userId,
          options.gameCode,
          round,
          options.stake,
          JSON.stringify(answer),
          betNo,
          now,
        ],
      );
    }
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
