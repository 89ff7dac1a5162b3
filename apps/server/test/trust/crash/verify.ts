import { sql } from 'drizzle-orm';
import { queryRows, type Conn } from '../../../src/platform/db.js';
import type {
  BetRecord,
  DepositRecord,
  Journal,
  RebateClaimRecord,
  RoundRecord,
  Step,
  WithdrawalRecord,
} from './journal.js';
import type { World } from './setup.js';

/*
 * What the database holds after the run, held against what the client was told. Every
 * acknowledged operation must be there exactly once; every cut one absent or complete; nothing
 * there that no call asked for. Findings are sentences naming the operation.
 */

export interface Verdict {
  /** Applied twice, or applied with no call asking for it. */
  duplicates: string[];
  /** Partly applied: a business row without its money move, or the reverse. */
  halfDone: string[];
  /** Acknowledged, but not in the database. */
  lost: string[];
}

export async function verifyRun(db: Conn, world: World, journal: Journal): Promise<Verdict> {
  const transfers = await queryRows<TransferRow>(
    db,
    sql`SELECT id::int, kind, code, amount::int, reference_table AS "table", reference_id AS ref,
               pending_id::int AS "pendingId" FROM transfers`,
  );
  const check = new Checks(transfers);
  check.deposits(await depositRows(db, world), journal.deposits);
  const bets = await betRows(db);
  check.billiardsBets(bets, world, journal.bets);
  // The claiming players' rounds were played in the setup, not by the load.
  const claiming = new Set(world.rebate.players.map((p) => p.userId));
  const notClaiming = <R extends { userId: number | null }>(rows: R[]) =>
    rows.filter((r) => r.userId === null || !claiming.has(r.userId));
  check.providerRounds(
    notClaiming(bets),
    notClaiming(await providerRows(db, world)),
    world.provider.id,
    journal.rounds,
  );
  check.withdrawals(await withdrawalRows(db, world), journal.withdrawals);
  check.rebateClaims(await claimRows(db, world), journal.rebateClaims);
  check.rebateFigures(await rebateMismatches(db));
  return check.verdict;
}

interface TransferRow {
  id: number;
  kind: string;
  code: string;
  amount: number;
  table: string;
  ref: string;
  pendingId: number | null;
}
interface DepositRow {
  orderNo: string;
  userId: number;
  amount: number;
  status: string;
  credited: number;
  bonus: number;
}
interface BetRow {
  betNo: string;
  userId: number;
  gameType: string;
  roundId: string;
  stake: number;
  status: string;
  requestId: string | null;
}
interface ProviderRow {
  uuid: string;
  userId: number | null;
  status: string;
  betNo: string | null;
}
interface ClaimRow {
  id: number;
  userId: number;
  amount: number;
}
interface WithdrawalRow {
  orderNo: string;
  userId: number;
  amount: number;
  status: string;
  holdId: number | null;
  requestId: string | null;
}

const ofPlayers = <R extends { userId: number }>(players: { userId: number }[], rows: R[]) => {
  const ids = new Set(players.map((p) => p.userId));
  return rows.filter((r) => ids.has(r.userId));
};

const depositRows = async (db: Conn, world: World) =>
  ofPlayers(
    world.deposit.players,
    await queryRows<DepositRow>(
      db,
      sql`SELECT order_no AS "orderNo", user_id::int AS "userId", amount::int, status,
                 credited_amount::int AS credited, bonus::int FROM deposit_orders`,
    ),
  );

const betRows = (db: Conn) =>
  queryRows<BetRow>(
    db,
    sql`SELECT bet_no AS "betNo", user_id::int AS "userId", game_type AS "gameType", round_id AS "roundId",
               stake::int, status, request_id AS "requestId" FROM bets`,
  );

const providerRows = (db: Conn, world: World) =>
  queryRows<ProviderRow>(
    db,
    sql`SELECT transaction_uuid AS uuid, user_id::int AS "userId", status, bet_no AS "betNo" FROM provider_transactions
        WHERE provider_id = ${world.provider.id}`,
  );

const withdrawalRows = async (db: Conn, world: World) =>
  ofPlayers(
    world.withdrawal.players,
    await queryRows<WithdrawalRow>(
      db,
      sql`SELECT order_no AS "orderNo", user_id::int AS "userId", amount::int, status,
                 hold_transfer_id::int AS "holdId", request_id AS "requestId" FROM withdrawal_orders`,
    ),
  );

const claimRows = async (db: Conn, world: World) =>
  ofPlayers(
    world.rebate.players,
    await queryRows<ClaimRow>(db, sql`SELECT id::int, user_id::int AS "userId", amount::int FROM rebate_claims`),
  );

/**
 * Sentences for what a settlement or a claim left half written: each player's won and lost bets
 * are counted once by the rebate accruals and once by the VIP progress (a player's bets settled
 * together are one row counting them, so the counts and the valid bets must add up; an open or
 * void bet counts nowhere), each player's accruals are the sum of their rows' (valid bet × the
 * rate it earned), and what claims paid for is the sum of the claims' items.
 */
async function rebateMismatches(db: Conn): Promise<string[]> {
  const players = await queryRows<{ userId: number; counts: string }>(
    db,
    sql`WITH settled AS (
          SELECT user_id, count(*) AS bets, sum(valid_bet) AS valid_bet FROM bets
          WHERE status IN ('won', 'lost') AND valid_bet > 0 GROUP BY user_id),
        accrued AS (
          SELECT user_id, sum(bets) AS bets, sum(valid_bet) AS valid_bet FROM rebate_accrual_events
          WHERE reference_table = 'bets' GROUP BY user_id),
        progress AS (
          SELECT user_id, sum(bets) AS bets, sum(valid_bet) AS valid_bet FROM vip_progress_events
          WHERE reference_table = 'bets' GROUP BY user_id)
        SELECT coalesce(s.user_id, a.user_id, p.user_id)::int AS "userId",
               concat_ws(' ', coalesce(s.bets, 0), 'bets won or lost;', coalesce(a.bets, 0), 'in rebate accruals,',
                         coalesce(p.bets, 0), 'in VIP progress') AS counts
        FROM settled s FULL JOIN accrued a USING (user_id) FULL JOIN progress p USING (user_id)
        WHERE s.bets IS DISTINCT FROM a.bets OR s.bets IS DISTINCT FROM p.bets
           OR s.valid_bet IS DISTINCT FROM a.valid_bet OR s.valid_bet IS DISTINCT FROM p.valid_bet`,
  );
  const accruals = await queryRows<{ userId: number; gameType: string }>(
    db,
    sql`SELECT a.user_id::int AS "userId", a.game_type AS "gameType" FROM rebate_accruals a
        LEFT JOIN rebate_accrual_events e ON e.user_id = a.user_id AND e.game_type = a.game_type
        GROUP BY a.user_id, a.game_type, a.valid_bet, a.accrued
        HAVING a.valid_bet <> coalesce(sum(e.valid_bet), 0) OR a.accrued <> coalesce(sum(e.valid_bet * e.rate_bp), 0)`,
  );
  const paid = await queryRows<{ userId: number; gameType: string }>(
    db,
    sql`WITH claimed AS (
          SELECT c.user_id, i->>'gameType' AS game_type, sum((i->>'validBet')::bigint) AS valid_bet,
                 sum((i->>'amount')::bigint) * 10000 AS accrued
          FROM rebate_claims c, jsonb_array_elements(c.items) i GROUP BY 1, 2)
        SELECT coalesce(p.user_id, c.user_id)::int AS "userId", coalesce(p.game_type, c.game_type) AS "gameType"
        FROM rebate_paid p FULL JOIN claimed c ON c.user_id = p.user_id AND c.game_type = p.game_type
        WHERE p.valid_bet IS DISTINCT FROM c.valid_bet OR p.accrued IS DISTINCT FROM c.accrued`,
  );
  return [
    ...players.map((p) => `player ${p.userId}: ${p.counts}, or their valid bets differ`),
    ...accruals.map((a) => `rebate accruals of player ${a.userId}, ${a.gameType}: not the sum of their bets'`),
    ...paid.map((p) => `rebate paid of player ${p.userId}, ${p.gameType}: not the sum of the claims'`),
  ];
}

const acked = (step: Step | undefined) => step?.result === 'ack';

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
}

/** Takes the rows of one attempt out of the groups: what is left at the end, no call asked for. */
function take<T>(groups: Map<string, T[]>, key: string): T[] {
  const rows = groups.get(key) ?? [];
  groups.delete(key);
  return rows;
}

/** How far a review step takes a withdrawal, and the order of the statuses. */
const REACHES = { approve: 'approved', pay: 'paid', reject: 'rejected' } as const;
const RANK: Record<string, number> = { reviewing: 0, approved: 1, paid: 2, rejected: 2 };

class Checks {
  readonly verdict: Verdict = { duplicates: [], halfDone: [], lost: [] };
  private readonly moves: Map<string, TransferRow[]>;
  /** Posts and voids of each pending transfer. */
  private readonly resolutions: Map<string, TransferRow[]>;

  constructor(transfers: TransferRow[]) {
    this.moves = groupBy(transfers, (t) => `${t.table}|${t.ref}|${t.code}|${t.kind}`);
    this.resolutions = groupBy(
      transfers.filter((t) => t.pendingId !== null),
      (t) => `${t.pendingId}|${t.kind}`,
    );
  }

  private movesOf(table: string, ref: string, code: string, kind = 'single'): TransferRow[] {
    return this.moves.get(`${table}|${ref}|${code}|${kind}`) ?? [];
  }

  /** A money move that must happen `want` times (0 or 1): fewer is half done, more a duplicate. */
  private expectMoves(what: string, found: TransferRow[], want: number, amount?: number): void {
    if (found.length > want) this.verdict.duplicates.push(`${what}: ${found.length} transfers`);
    else if (found.length < want) this.verdict.halfDone.push(`${what}: no transfer`);
    else if (amount !== undefined && found[0] && found[0].amount !== amount)
      this.verdict.halfDone.push(`${what}: transfer of ${found[0].amount}, not ${amount}`);
  }

  /** At most one row per attempt; none after a refusal; one after an acknowledgement. */
  private onePerAttempt<R>(what: string, rows: R[], step: Step): R | undefined {
    if (rows.length > 1) this.verdict.duplicates.push(`${what}: ${rows.length} rows`);
    if (rows.length > 0 && step.result === 'refused') this.verdict.duplicates.push(`${what}: refused, yet written`);
    if (rows.length === 0 && acked(step)) this.verdict.lost.push(`${what}: acknowledged, not there`);
    return rows[0];
  }

  private noCallMade(what: string, left: Map<string, unknown[]>): void {
    for (const [key, rows] of left) this.verdict.duplicates.push(`${what} ${key}: ${rows.length} rows no call made`);
  }

  /** A PAID order has its credit (and bonus) once; any other has none. */
  deposits(rows: DepositRow[], records: DepositRecord[]): void {
    const byAttempt = groupBy(rows, (o) => `${o.userId}:${o.amount}`);
    for (const rec of records) {
      const what = `deposit of ${rec.amount} (${rec.orderNo ?? 'startPay cut'})`;
      const order = this.onePerAttempt(what, take(byAttempt, `${rec.userId}:${rec.amount}`), rec.start);
      if (!order) continue;
      const paid = order.status === 'PAID';
      const credit = this.movesOf('deposit_orders', order.orderNo, 'deposit');
      const bonus = this.movesOf('deposit_orders', order.orderNo, 'bonus');
      this.expectMoves(`${what} ${order.status}, its credit`, credit, paid ? 1 : 0, order.credited);
      this.expectMoves(`${what} ${order.status}, its bonus`, bonus, paid && order.bonus > 0 ? 1 : 0, order.bonus);
      if (paid && !rec.pay) this.verdict.duplicates.push(`${what}: PAID without a callback`);
      if (!paid && acked(rec.pay)) this.verdict.lost.push(`${what}: callback acknowledged, order ${order.status}`);
    }
    this.noCallMade('deposit', byAttempt);
  }

  /** Every bet's stake left the player once, whatever became of the bet. */
  private stakeMoved(what: string, bet: BetRow): void {
    this.expectMoves(`${what} ${bet.betNo}, its stake`, this.movesOf('bets', bet.betNo, 'bet'), 1, bet.stake);
  }

  /** One bet per requestId, with the stake asked for: a retry answered with the first one's bet. */
  billiardsBets(rows: BetRow[], world: World, records: BetRecord[]): void {
    const taiqiu = rows.filter((b) => b.gameType === 'taiqiu');
    const attempt = (userId: number, requestId: string | null, stake: number) => `${userId}:${requestId}:${stake}`;
    const byAttempt = groupBy(ofPlayers(world.bet.players, taiqiu), (b) => attempt(b.userId, b.requestId, b.stake));
    for (const rec of records) {
      const what = `billiards bet of ${rec.stake} (request ${rec.requestId}, ${rec.place.retries} retries)`;
      const bet = this.onePerAttempt(what, take(byAttempt, attempt(rec.userId, rec.requestId, rec.stake)), rec.place);
      if (!bet) continue;
      if (acked(rec.place) && bet.betNo !== rec.betNo) this.verdict.lost.push(`${what}: ${rec.betNo} not there`);
      this.stakeMoved(what, bet);
    }
    this.noCallMade('billiards bet', byAttempt);
  }

  /**
   * The bet transaction (RS_OK) and its bet row come together; the bet is won after an RS_OK
   * win, void after an RS_OK rollback, else open, with the payout or refund once.
   */
  providerRounds(rows: BetRow[], transactions: ProviderRow[], providerId: string, records: RoundRecord[]): void {
    const byUuid = groupBy(transactions, (t) => t.uuid);
    const byRound = groupBy(
      rows.filter((b) => b.roundId.startsWith(`${providerId}:`)),
      (b) => b.roundId,
    );
    const kept = (rows: ProviderRow[]) => (rows[0]?.status === 'RS_OK' ? rows[0] : undefined);
    for (const rec of records) {
      const what = `provider round ${rec.round}`;
      const placed = kept(take(byUuid, rec.bet.uuid));
      const bets = take(byRound, `${providerId}:${rec.round}`);
      if (bets.length > 1) this.verdict.duplicates.push(`${what}: ${bets.length} bets`);
      if (acked(rec.bet.step) && !placed) this.verdict.lost.push(`${what}: bet acknowledged, not kept`);
      const bet = bets[0];
      if (placed && bet?.betNo !== placed.betNo) this.verdict.halfDone.push(`${what}: bet transaction, no bet row`);
      if (!placed && bet) this.verdict.halfDone.push(`${what}: bet row, no bet transaction`);

      const settled = rec.settle && kept(take(byUuid, rec.settle.uuid));
      if (rec.settle && acked(rec.settle.step) && !settled)
        this.verdict.lost.push(`${what}: ${rec.settle.kind} acknowledged, not kept`);
      if (!bet) continue;
      this.stakeMoved(what, bet);
      const applied = settled ? rec.settle?.kind : undefined;
      const status = applied === 'win' ? 'won' : applied === 'rollback' ? 'void' : 'open';
      if (bet.status !== status)
        this.verdict.halfDone.push(`${what}: bet ${bet.status}, its ${rec.settle?.kind ?? 'settlement'} not kept`);
      const payouts = this.movesOf('bets', bet.betNo, 'payout');
      this.expectMoves(`${what} payout`, payouts, bet.status === 'won' ? 1 : 0, rec.settle?.amount);
      const refunds = this.movesOf('bets', bet.betNo, 'refund');
      this.expectMoves(`${what} refund`, refunds, bet.status === 'void' ? 1 : 0, bet.stake);
    }
    this.noCallMade('provider transaction', byUuid);
    this.noCallMade('provider bet of round', byRound);
  }

  /**
   * One order per requestId, with the amount asked for (a retry answered with the first one's
   * order). Each order holds its amount once, and names that hold; paid: the hold posted once,
   * rejected: voided once. The order is as far as the operator was told, and no further than
   * the step the operator tried last.
   */
  withdrawals(rows: WithdrawalRow[], records: WithdrawalRecord[]): void {
    const attempt = (userId: number, requestId: string | null, amount: number) => `${userId}:${requestId}:${amount}`;
    const byAttempt = groupBy(rows, (o) => attempt(o.userId, o.requestId, o.amount));
    for (const rec of records) {
      const what = `withdrawal of ${rec.amount} (${rec.orderNo ?? 'request cut'}, ${rec.request.retries} retries)`;
      const order = this.onePerAttempt(
        what,
        take(byAttempt, attempt(rec.userId, rec.requestId, rec.amount)),
        rec.request,
      );
      if (!order) continue;
      const holds = this.movesOf('withdrawal_orders', order.orderNo, 'withdrawal', 'pending');
      this.expectMoves(`${what} hold`, holds, 1, order.amount);
      const hold = holds[0];
      if (hold && order.holdId !== hold.id) this.verdict.halfDone.push(`${what}: the order does not name its hold`);
      const posts = hold ? (this.resolutions.get(`${hold.id}|post`) ?? []) : [];
      const voids = hold ? (this.resolutions.get(`${hold.id}|void`) ?? []) : [];
      this.expectMoves(`${what} ${order.status}, paid out`, posts, order.status === 'paid' ? 1 : 0);
      this.expectMoves(`${what} ${order.status}, given back`, voids, order.status === 'rejected' ? 1 : 0);

      const lastAcked = rec.review.filter((r) => acked(r.step)).at(-1);
      const lastTried = rec.review.at(-1);
      const told = lastAcked ? REACHES[lastAcked.action] : 'reviewing';
      const mayBe = lastTried && !acked(lastTried.step) ? REACHES[lastTried.action] : told;
      if (order.status !== told && order.status !== mayBe) {
        const where = `${what}: ${order.status}, the operator was told ${told}`;
        if ((RANK[order.status] ?? 0) < (RANK[told] ?? 0)) this.verdict.lost.push(where);
        else this.verdict.duplicates.push(where);
      }
    }
    this.noCallMade('withdrawal', byAttempt);
  }

  /** One claim per player at most (acknowledged: there, with the amount told), paid once. */
  rebateClaims(rows: ClaimRow[], records: RebateClaimRecord[]): void {
    const byPlayer = groupBy(rows, (c) => String(c.userId));
    for (const rec of records) {
      const what = `rebate claim of player ${rec.userId} (${rec.step.retries} retries)`;
      const claim = this.onePerAttempt(what, take(byPlayer, String(rec.userId)), rec.step);
      if (!claim) continue;
      if (rec.claimId !== undefined && (claim.id !== rec.claimId || claim.amount !== rec.amount))
        this.verdict.lost.push(`${what}: claim ${rec.claimId} of ${rec.amount} not there`);
      this.expectMoves(
        `${what}, its payment`,
        this.movesOf('rebate_claims', String(claim.id), 'rebate'),
        1,
        claim.amount,
      );
    }
    this.noCallMade('rebate claim of player', byPlayer);
  }

  rebateFigures(mismatches: string[]): void {
    this.verdict.halfDone.push(...mismatches);
  }
}
