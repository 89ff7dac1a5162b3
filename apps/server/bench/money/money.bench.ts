/*
 * The money path: a provider's seamless-wallet debit (POST /provider/{id}/transaction/bet) and a
 * billiards bet (POST /api/v9/taiqiu/bet) sustained at ≥ 60 % of the transactions per second of a
 * naive hand-written transaction of the same writes sent with `pg` (baseline.ts says how it
 * differs from the server's statements), with zero errors, and the ledger check passing afterwards.
 *
 * The built server runs on a scratch PostgreSQL database with its rate limits raised
 * (RATE_LIMIT_SCALE); PLAYERS players, each credited by the operator and holding a launch token
 * of the bench provider's slot game, bet STAKE each time, a random player per request. Each case
 * is autocannon with CONNECTIONS connections for SECONDS seconds, a fresh transaction uuid, round
 * or request id per request; its baseline runs just before it, with a pool the size of the
 * server's and as many transactions at once as the load has connections. Every answer must be
 * RS_OK (debit) or code 200 (bet). Prints BENCH rows for the runner; exits non-zero only when the
 * benchmark itself broke.
 *
 * To see where the time goes: MONEY_SERVER_NODE_ARGS (space-separated, e.g. "--cpu-prof
 * --cpu-prof-dir=/tmp/prof") starts the server with those node options; MONEY_WAITS=1 prints what
 * the database connections were doing during each case (waits.ts).
 */
import { createPrivateKey, randomUUID, sign } from 'node:crypto';
import { API_PREFIX, hub88, taiqiu } from '@breakshot/contracts';
import { accountId } from '../../src/modules/wallet/ledger.js';
import { houseShardOf } from '../../src/modules/wallet/tables.js';
import { checkLedger } from '../../src/modules/wallet/service.js';
import { benchRow } from '../lib/result.js';
import { withScratchDatabase } from '../lib/scratch-db.js';
import { startServer } from '../lib/server.js';
import { runBaseline, type BaselineKind, type BaselineOptions, type LoadResult } from './baseline.js';
import { runLoad } from './load.js';
import { sampleWaits } from './waits.js';
import { fundedPlayers, openMatch, registerProvider, type BenchProvider, type MoneyPlayer } from './setup.js';
import { registerLedgerReferences } from '../../src/ledger-references.js';

registerLedgerReferences();
const PORT = 3370;
const PLAYERS = 500;
const CONNECTIONS = 50;
const SECONDS = 10;
/** Each bet's stake, in cents (the billiards minimum). */
const STAKE = 1_000;
/** Each player's cash: more than every bet of the run takes. */
const FUNDS = 100_000_000;
/** The server's pool size (platform/db.ts). */
const SERVER_POOL = 10;
const RATIO_BUDGET = 0.6;
/** Debits signed before the clock starts (see debits()): above what SECONDS at CONNECTIONS has reached. */
const PRESIGNED_DEBITS = 8_000;

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

type Case = { name: string; kind: BaselineKind; run: () => Promise<LoadResult> };

await withScratchDatabase(async (database, url) => {
  const nodeArgs = process.env.MONEY_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const server = await startServer({ databaseUrl: url, port: PORT, env: { RATE_LIMIT_SCALE: '1000' }, nodeArgs });
  let errors = 0;
  try {
    const provider = await registerProvider(database);
    const players = await fundedPlayers(database, server, provider, PLAYERS, FUNDS);
    const selection = await openMatch(server);
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
      { name: 'provider debit', kind: 'debit', run: () => debits(server.base, provider, players) },
      { name: 'taiqiu/bet', kind: 'bet', run: () => bets(server.base, selection, players) },
    ];
    for (const c of cases) {
      const base = await diagnosed(url, `baseline (${c.kind} SQL)`, () => runBaseline({ ...baseline, kind: c.kind }));
      const load = await diagnosed(url, c.name, c.run);
      errors += base.errors + load.errors;
      for (const r of [base, load]) if (r.firstError) console.log(`first error: ${r.firstError}`);
      const ratio = load.perSecond / base.perSecond;
      benchRow({
        bench: 'money',
        case: `baseline (${c.kind} SQL) tx/s`,
        figure: round(base.perSecond),
        unit: 'tx/s',
        budget: 'pg direct, reference',
        ok: base.errors === 0,
      });
      benchRow({
        bench: 'money',
        case: `${c.name} tx/s`,
        figure: round(load.perSecond),
        unit: 'tx/s',
        baseline: round(base.perSecond),
        ratio: Math.round(ratio * 100) / 100,
        budget: `>= ${RATIO_BUDGET * 100} % of a naive pg transaction`,
        ok: ratio >= RATIO_BUDGET,
      });
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
 * Provider debits: a new transaction and round of a random player each, signed by the provider.
 * The requests are signed before the clock starts: a provider signs on its own machines, and
 * signing here, on the two cores the server and its database are measured on, would take a share
 * of them the pg baseline's client does not take.
 */
function debits(base: string, provider: BenchProvider, players: MoneyPlayer[]): Promise<LoadResult> {
  const key = createPrivateKey(provider.keys.privatePem);
  const path = `${hub88.PROVIDER_PREFIX}/${provider.id}/transaction/bet`;
  const signedDebit = () => {
    const p = pick(players);
    const body = JSON.stringify({
      user: p.username,
      token: p.launchToken,
      request_uuid: randomUUID(),
      transaction_uuid: randomUUID(),
      supplier_transaction_id: randomUUID(),
      round: randomUUID(),
      round_closed: false,
      game_code: provider.slot,
      currency: 'CNY',
      amount: STAKE * hub88.HUB88_PER_CENT,
      is_free: false,
      reward_uuid: null,
      bet: null,
      meta: null,
    });
    const signature = sign('sha256', Buffer.from(body), key).toString('base64');
    return { path, headers: { 'content-type': 'application/json', [hub88.SIGNATURE_HEADER]: signature }, body };
  };
  const signed = Array.from({ length: PRESIGNED_DEBITS }, signedDebit);
  return runLoad({
    base,
    connections: CONNECTIONS,
    durationSeconds: SECONDS,
    // Signed now only if the run outpaces PRESIGNED_DEBITS.
    next: () => signed.pop() ?? signedDebit(),
    accepted: (body) => (JSON.parse(body) as { status?: string }).status === 'RS_OK',
  });
}

/** Billiards bets: a random player's bet on the match's winner market, a new request id each. */
function bets(
  base: string,
  sel: { matchId: number; marketId: number; selectionId: number; odds: number },
  players: MoneyPlayer[],
): Promise<LoadResult> {
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
    accepted: (body) => (JSON.parse(body) as { code?: number }).code === 200,
  });
}
