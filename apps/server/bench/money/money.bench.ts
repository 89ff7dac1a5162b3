/*
 * The money path, measured against PostgreSQL's own yardstick: pgbench's TPC-B transaction on the
 * same server in the same run, just before (pgbench.ts). Each money call, through the running
 * server's real HTTP calls, must sustain a share of TPC-B's transactions per second (40 %; a
 * deposit credit, the widest fan-out, 25 %), with zero errors and the ledger check passing
 * afterwards:
 *   - provider debit: a provider's seamless-wallet debit (POST /provider/{id}/transaction/bet);
 *   - taiqiu/bet: a billiards bet;
 *   - rebate claim (ONE_OFF_SECONDS): user/rebate/claim of a player with accrued rebate (rebate-claimers.ts);
 *   - agent transfer: agent/transfer, an agent's cash to a member of its team (agent-teams.ts);
 *   - deposit credit (ONE_OFF_SECONDS): the sandbox gateway's signed callback paying an open order, which fans out
 *     to turnover, promotions, VIP, the agents' roll-ups and a message (deposit-orders.ts).
 * Before the debit and the bet, the replay of the server's own statements by `pg` (baseline.ts)
 * is printed as a reference, without a budget.
 *
 * The built server runs on a scratch PostgreSQL database with its rate limits raised
 * (RATE_LIMIT_SCALE) and the sandbox gateway on (SANDBOX_PAY, with a secret the bench holds as
 * the gateway does). Everything a call needs is made before the clock through the server's own
 * calls. Each case is autocannon with CONNECTIONS connections for SECONDS seconds, a random
 * player per request, a fresh transaction uuid, round, request id or order per request; every
 * answer is checked (RS_OK, code 200, or the gateway's `success`). Prints BENCH rows for the
 * runner; exits non-zero only when the benchmark itself broke.
 *
 * The server runs one worker per core (SERVER_WORKERS; MONEY_WORKERS overrides). After each case
 * the CPU its calls took is printed, per call: the server's, the database's and this process's
 * (autocannon), each user and kernel time (cpu.ts); and the commits, WAL records, bytes and flushes
 * (wal.ts).
 *
 * To see where the time goes: MONEY_SERVER_NODE_ARGS (space-separated, e.g. "--cpu-prof
 * --cpu-prof-dir=/tmp/prof") starts the server with those node options; MONEY_WAITS=1 prints what
 * the database connections were doing during each case (waits.ts); MONEY_WALDUMP=1 adds the WAL
 * records a call by kind (wal.ts). MONEY_CASES runs only the cases it names, with only their set-up.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import pg from 'pg';
import { API_PREFIX, agent, rebates, taiqiu } from '@breakshot/contracts';
import { accountId } from '../../src/modules/wallet/ledger.js';
import { houseShardOf } from '../../src/modules/wallet/tables.js';
import { checkLedger } from '../../src/modules/wallet/service.js';
import { benchRow } from '../lib/result.js';
import { withScratchDatabase } from '../lib/scratch-db.js';
import { startServer, type RunningServer } from '../lib/server.js';
import type { Database } from '../../src/platform/db.js';
import { agentTeams, RECHARGE_PASSWORD, type AgentTeam } from './agent-teams.js';
import { runBaseline, type BaselineKind, type BaselineOptions, type LoadResult } from './baseline.js';
import { gatewayCallback, GATEWAY_SUCCESS, sandboxOrders, type DepositOrder } from './deposit-orders.js';
import { countCpu } from './cpu.js';
import { countWal } from './wal.js';
import { runLoad } from './load.js';
import { pgbenchTpcb } from './pgbench.js';
import { rebateClaimers } from './rebate-claimers.js';
import { sampleWaits } from './waits.js';
import {
  fundedPlayers,
  openMatch,
  providerCall,
  registerProvider,
  type BenchProvider,
  type BenchSelection,
  type MoneyPlayer,
  type ReadyRequest,
} from './setup.js';
import { registerLedgerReferences } from '../../src/ledger-references.js';

registerLedgerReferences();
const PORT = 3370;
/** The PostgreSQL server the scratch database and pgbench's database live on. */
const DATABASE_SERVER = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const PLAYERS = 500;
const CONNECTIONS = 50;
const SECONDS = 10;
/** Each bet's stake, in cents (the billiards minimum). */
const STAKE = 1_000;
/** Each player's cash: more than every bet of the run takes. */
const FUNDS = 100_000_000;
/** The server's pool size (platform/db.ts). */
const SERVER_POOL = 10;
/** Share of pgbench TPC-B's tx/s each call must reach. */
const TPCB_SHARE = 0.4;
/** A deposit credit's share: it fans out to five modules' writes. */
const DEPOSIT_TPCB_SHARE = 0.25;
/** Debits signed before the clock starts (see debits()): above what SECONDS at CONNECTIONS has reached. */
const PRESIGNED_DEBITS = 8_000;
/** How long the cases whose every call uses up what the set-up made (a claim, an order) run. */
const ONE_OFF_SECONDS = 5;
/**
 * Claims and deposit orders made ready before the clock: ONE_OFF_SECONDS at 1,200 calls a second,
 * above the 40 % budget (about 1,000 a second here) and far above what they reach today; more
 * costs minutes of set-up (five server calls a player). A player claims rebate once
 * (rebate-claimers.ts), so this many players; each of them also opens the one order a deposit
 * credit pays.
 */
const ONE_OFF_CALLS = ONE_OFF_SECONDS * 1_200;
const AGENTS = 100;
const MEMBERS_PER_AGENT = 10;
/** Each agent's cash: ¥10,000, ten thousand transfers. */
const AGENT_FUNDS = 1_000_000;
/** What an agent transfer moves, and what a deposit pays, in cents. */
const TRANSFER = 100;
const DEPOSIT = 10_000;
/** The longest wait for the server to finish the calls of a case after its clock stopped. */
const IDLE_WAIT_MS = 10_000;
/** The sandbox gateway's secret, the server's (SANDBOX_PAY_SECRET) and the bench's, as the gateway holds it. */
const SANDBOX_SECRET = randomBytes(32).toString('hex');
/** Server processes (SERVER_WORKERS): one per core, as the server is deployed on a machine of its own; MONEY_WORKERS overrides. */
const WORKERS = Number(process.env.MONEY_WORKERS ?? availableParallelism());
/** MONEY_CASES (comma-separated case names, e.g. "provider debit,taiqiu/bet"): only those, and only their set-up. */
const ONLY_CASES = process.env.MONEY_CASES?.split(',').map((c) => c.trim());

const round = (n: number) => Math.round(n);

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;

/** Runs `run`, printing where the database connections waited when MONEY_WAITS=1. */
async function diagnosed<T>(url: string, name: string, run: () => Promise<T>): Promise<T> {
  if (!process.env.MONEY_WAITS) return run();
  const sampler = await sampleWaits(url);
  const result = await run();
  console.log(`${name}, database connections:\n  ${(await sampler.stop()).join('\n  ')}`);
  return result;
}

/** A money call measured: its share of TPC-B, and the baseline printed before it, if any. */
type Case = { name: string; share: number; baseline?: BaselineKind; run: () => Promise<LoadResult> };

await withScratchDatabase(async (database, url) => {
  const nodeArgs = process.env.MONEY_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const env = {
    RATE_LIMIT_SCALE: '1000',
    SANDBOX_PAY: '1',
    SANDBOX_PAY_SECRET: SANDBOX_SECRET,
    SERVER_WORKERS: String(WORKERS),
  };
  const server = await startServer({ databaseUrl: url, port: PORT, env, nodeArgs });
  let errors = 0;
  try {
    const { cases, baseline } = await prepare(database, server, url);
    const tpcb = await yardstick();
    for (const c of cases) {
      if (c.baseline) errors += await measureBaseline({ ...baseline, kind: c.baseline });
      errors += await measureCase(url, server.pid, c, tpcb);
    }
  } finally {
    await server.stop();
  }
  benchRow({ bench: 'money', case: 'errors', figure: errors, unit: 'count', budget: '= 0', ok: errors === 0 });
  const report = await checkLedger(database.db);
  for (const failure of report.failures) console.log(`ledger: ${failure}`);
  benchRow({
    bench: 'money',
    case: 'ledger check',
    figure: report.failures.length,
    unit: 'failed checks',
    budget: 'ok (0 failed)',
    ok: report.ok,
  });
});

/**
 * What every case needs, made through the server's own calls before any clock starts: the funded
 * players and the match of the debit and the bet, the rebate claimers, the agents' teams, the
 * open deposit orders; and the baseline's options.
 */
async function prepare(database: Database, server: RunningServer, url: string) {
  const setupStart = Date.now();
  const provider = await registerProvider(database);
  const players = await fundedPlayers(database, server, provider, PLAYERS, FUNDS);
  const selection = await openMatch(server);
  const wanted = (name: string) => !ONLY_CASES || ONLY_CASES.includes(name);
  const oneOff = wanted('rebate claim') || wanted('deposit credit');
  const claimers = oneOff ? await rebateClaimers(database, server, provider, ONE_OFF_CALLS) : [];
  const teams = wanted('agent transfer')
    ? await agentTeams(database, server, AGENTS, MEMBERS_PER_AGENT, AGENT_FUNDS)
    : [];
  const orders = wanted('deposit credit') ? await sandboxOrders(server, claimers, DEPOSIT) : [];
  const nextDebit = signedDebits(provider, players);
  const baseline: Omit<BaselineOptions, 'kind'> = {
    url,
    players: await Promise.all(
      players.map(async (p) => ({
        ...p,
        accountId: await accountId(database.db, { userId: p.userId }),
        // Opened by the player's first bet otherwise.
        houseAccountId: await accountId(database.db, { house: 'house', shard: houseShardOf(p.userId) }),
      })),
    ),
    providerId: provider.id,
    gameCode: provider.slot,
    selection: { ...selection, oddsMilli: Math.round(selection.odds * 1000) },
    stake: STAKE,
    poolSize: SERVER_POOL,
    concurrency: CONNECTIONS,
    durationMs: SECONDS * 1000,
  };
  const cases: Case[] = [
    {
      name: 'provider debit',
      share: TPCB_SHARE,
      baseline: 'debit',
      run: () => debits(server.base, nextDebit),
    },
    { name: 'taiqiu/bet', share: TPCB_SHARE, baseline: 'bet', run: () => bets(server.base, selection, players) },
    { name: 'rebate claim', share: TPCB_SHARE, run: () => claims(server.base, claimers) },
    { name: 'agent transfer', share: TPCB_SHARE, run: () => transfers(server.base, teams) },
    { name: 'deposit credit', share: DEPOSIT_TPCB_SHARE, run: () => credits(server.base, orders) },
  ];
  console.log(`set-up: ${Math.round((Date.now() - setupStart) / 1000)} s`);
  return { cases: cases.filter((c) => wanted(c.name)), baseline };
}

/** pgbench TPC-B's tx/s, printed as the yardstick row. */
async function yardstick(): Promise<number> {
  const tpcb = await pgbenchTpcb(DATABASE_SERVER);
  benchRow({
    bench: 'money',
    case: 'pgbench TPC-B tx/s',
    figure: round(tpcb),
    unit: 'tx/s',
    budget: 'yardstick, same run',
    ok: tpcb > 0,
  });
  return tpcb;
}

/** Runs and prints the replay of the server's statements (a reference); returns its errors. */
async function measureBaseline(options: BaselineOptions): Promise<number> {
  const base = await diagnosed(options.url, `baseline (${options.kind} SQL)`, () => runBaseline(options));
  if (base.firstError) console.log(`first error: ${base.firstError}`);
  benchRow({
    bench: 'money',
    case: `baseline (${options.kind} SQL) tx/s`,
    figure: round(base.perSecond),
    unit: 'tx/s',
    budget: "replay of the server's statements, reference",
    ok: base.errors === 0,
  });
  return base.errors;
}

/** Runs the case and prints its rate against the yardstick; returns its errors. */
async function measureCase(url: string, serverPid: number, c: Case, tpcb: number): Promise<number> {
  const wal = await countWal(url);
  const cpu = countCpu(serverPid);
  const load = await diagnosed(url, c.name, c.run);
  await untilIdle(url);
  const calls = load.ok + load.errors;
  console.log(`${c.name}: ${cpu.stop(calls)}; ${await wal.stop(calls)}`);
  if (load.firstError) console.log(`first error: ${load.firstError}`);
  const ratio = load.perSecond / tpcb;
  benchRow({
    bench: 'money',
    case: `${c.name} tx/s`,
    figure: round(load.perSecond),
    unit: 'tx/s',
    baseline: round(tpcb),
    ratio: Math.round(ratio * 100) / 100,
    budget: `>= ${c.share * 100} % of pgbench TPC-B`,
    ok: ratio >= c.share,
  });
  return load.errors;
}

/**
 * Waits (IDLE_WAIT_MS at most) until no statement of the scratch database runs: a call the
 * server took before the clock stopped is still being answered after autocannon hung up, and
 * would run into the next case (or meet the server stopping).
 */
async function untilIdle(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Idle twice in a row: between two statements of a call, its connection is idle a moment.
    for (let idle = 0, deadline = Date.now() + IDLE_WAIT_MS; idle < 2 && Date.now() < deadline;) {
      const { rows } = await client.query<{ busy: number }>(
        `SELECT count(*)::int AS busy FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid()
           AND backend_type = 'client backend' AND state <> 'idle'`,
      );
      idle = rows[0]!.busy === 0 ? idle + 1 : 0;
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    await client.end();
  }
}

/**
 * Each of `items` once, at random; undefined once all are out (a call that then finds none is
 * counted, and said after the run: the set-up made too few).
 */
function onceEach<T>(items: readonly T[], what: string) {
  const left = [...items];
  let short = 0;
  return {
    next(): T | undefined {
      if (left.length === 0) {
        short += 1;
        return undefined;
      }
      const i = Math.floor(Math.random() * left.length);
      const item = left[i]!;
      left[i] = left[left.length - 1]!;
      left.pop();
      return item;
    },
    report(): void {
      if (short > 0) console.log(`${short} calls found no ${what} left: make more than ${items.length}`);
    },
  };
}

/**
 * Provider debits: a new transaction and round of a random player each, signed by the provider.
 * The requests are signed in the set-up, before the clock and the CPU count start: a provider
 * signs on its own machines, and signing here, on the two cores the server and its database are
 * measured on, would take a share of them the server's own work does not have.
 */
function signedDebits(provider: BenchProvider, players: MoneyPlayer[]) {
  const signedDebit = () =>
    providerCall(provider, 'transaction/bet', pick(players), {
      transactionUuid: randomUUID(),
      round: randomUUID(),
      roundClosed: false,
      cents: STAKE,
    });
  const signed = Array.from({ length: PRESIGNED_DEBITS }, signedDebit);
  // Signed then only if the run outpaces PRESIGNED_DEBITS.
  return () => signed.pop() ?? signedDebit();
}

function debits(base: string, next: () => ReadyRequest): Promise<LoadResult> {
  return runLoad({
    base,
    connections: CONNECTIONS,
    durationSeconds: SECONDS,
    next,
    accepted: (body) => (JSON.parse(body) as { status?: string }).status === 'RS_OK',
  });
}

/** Billiards bets: a random player's bet on the match's winner market, a new request id each. */
function bets(base: string, sel: BenchSelection, players: MoneyPlayer[]): Promise<LoadResult> {
  return runLoad({
    base,
    connections: CONNECTIONS,
    durationSeconds: SECONDS,
    next: () => ({
      path: `${API_PREFIX}${taiqiu.bet.path}`,
      headers: { 'content-type': 'application/json', token: pick(players).token },
      body: JSON.stringify({
        matchId: sel.matchId,
        marketId: sel.marketId,
        selectionId: sel.selectionId,
        stake: STAKE,
        odds: sel.odds,
        requestId: randomUUID(),
      }),
    }),
    accepted: codeOk,
  });
}

/**
 * Rebate claims, each by a random player who has not claimed yet. Past the last one, a player who
 * claimed already: the server refuses it (429 within the claim interval), an error of the run.
 */
async function claims(base: string, claimers: MoneyPlayer[]): Promise<LoadResult> {
  const fresh = onceEach(claimers, 'player with rebate');
  const result = await runLoad({
    base,
    connections: CONNECTIONS,
    durationSeconds: ONE_OFF_SECONDS,
    next: () => ({
      path: `${API_PREFIX}${rebates.rebateClaim.path}`,
      headers: { 'content-type': 'application/json', token: (fresh.next() ?? pick(claimers)).token },
      body: '{}',
    }),
    accepted: codeOk,
  });
  fresh.report();
  return result;
}

/** Agent transfers: a random agent moves TRANSFER to a random member of its team, a new request id each. */
function transfers(base: string, teams: AgentTeam[]): Promise<LoadResult> {
  return runLoad({
    base,
    connections: CONNECTIONS,
    durationSeconds: SECONDS,
    next: () => {
      const team = pick(teams);
      return {
        path: `${API_PREFIX}${agent.agentTransfer.path}`,
        headers: { 'content-type': 'application/json', token: team.agent.token },
        body: JSON.stringify({
          memberId: pick(team.memberIds),
          amount: TRANSFER,
          rechargePassword: RECHARGE_PASSWORD,
          requestId: randomUUID(),
        }),
      };
    },
    accepted: codeOk,
  });
}

/**
 * Deposit credits: the gateway's SUCCESS callback of a random open order, each order once. Past
 * the last one, a FAILED callback of a paid order: the server refuses it, an error of the run (a
 * repeated SUCCESS would be answered `success` and count as a credit).
 */
async function credits(base: string, orders: DepositOrder[]): Promise<LoadResult> {
  const fresh = onceEach(orders, 'open order');
  const result = await runLoad({
    base,
    connections: CONNECTIONS,
    durationSeconds: ONE_OFF_SECONDS,
    next: (): ReadyRequest => {
      const order = fresh.next();
      return order
        ? gatewayCallback(SANDBOX_SECRET, order, 'SUCCESS')
        : gatewayCallback(SANDBOX_SECRET, pick(orders), 'FAILED');
    },
    accepted: (body) => body === GATEWAY_SUCCESS,
  });
  fresh.report();
  return result;
}

/** Whether an API answer's envelope says done. */
function codeOk(body: string): boolean {
  return (JSON.parse(body) as { code?: number }).code === 200;
}
