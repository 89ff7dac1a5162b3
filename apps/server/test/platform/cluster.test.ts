import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { z } from 'zod';
import {
  operatorCalls,
  playersAdmin,
  API_PREFIX,
  auth,
  payments,
  taiqiu,
  taiqiuAdmin,
  type CallContract,
} from '@breakshot/contracts';
import { startInstances } from '../../../../scripts/cluster/instances.mjs';
import { startProxy } from '../../../../scripts/cluster/proxy.mjs';
import { sign } from '../../src/modules/payments/sandbox-secret.js';
import type { Database } from '../../src/platform/db.js';
import { registerLedgerReferences } from '../../src/ledger-references.js';
import { PASSWORD, TEST_CAPTCHA, uniqueName } from '../helpers/test-app.js';
import { freshDatabase, LOCAL_PG_URL, pgAnswers, TEST_SERVER_URL, type TestDatabase } from '../helpers/test-db.js';
import { expectLedgerOk } from '../helpers/wallet.js';
import { ADMIN_TEST_TOKEN } from '../helpers/withdrawals.js';
import { post as postRaw } from '../trust/crash/http.js';
import { freePort } from '../trust/crash/server-process.js';
import { sleep } from '../trust/crash/sleep.js';

/*
 * Three server processes (src/server.ts by tsx, started and restarted
 * by the cluster's own module) on one PostgreSQL database behind the cluster's round-robin proxy.
 * Deposits and billiards bets go through the proxy while one instance is killed with SIGKILL and
 * started again: only the requests it had in flight fail, the live clients it held reconnect and
 * hear later balance changes, and the ledger check passes.
 */

// No app is built in this process to register them: the ledger check needs every module's.
registerLedgerReferences();
const serverUrl = TEST_SERVER_URL ?? LOCAL_PG_URL;
const pgUp = await pgAnswers(serverUrl);

const SERVER = fileURLToPath(new URL('../../src/server.ts', import.meta.url));
const SERVER_DIR = fileURLToPath(new URL('../../', import.meta.url));
const PLAYERS = 6;
/** Money operations (a deposit is two calls, a bet one) before the kill, while it is down, and after the restart. */
const OPS_PER_PHASE = 60;
const KILLED = 2;

type DataOf<R extends z.ZodType> = z.output<R> extends { data: infer D } ? D : never;

/** An answer through the proxy, with the instance that gave it; or the connection cut. */
type Answer = { status: number; instance: number; text: string } | { cut: string };

async function post(port: number, path: string, payload: string, headers: Record<string, string>): Promise<Answer> {
  const outcome = await postRaw(port, path, payload, headers, {});
  if (outcome.kind === 'ok') {
    const { status, headers: answered, text } = outcome.value;
    return { status, instance: Number(answered['x-instance']), text };
  }
  return { cut: outcome.kind === 'cut' ? outcome.reason : outcome.msg };
}

function readyz(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = get({ host: '127.0.0.1', port, path: '/readyz', agent: false, timeout: 2_000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
  });
}

async function until(what: string, done: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

interface Player {
  userId: number;
  token: string;
  username: string;
}

/**
 * A player's live connection as the web app keeps it: opened with a one-use ticket, and on any
 * close but its own opened again through the proxy (a new ticket first).
 */
class LiveClient {
  private socket: WebSocket | undefined;
  private stopped = false;
  readonly balances: number[] = [];
  readonly closes: number[] = [];
  open = false;

  constructor(
    private readonly player: Player,
    private readonly proxyPort: number,
  ) {}

  async connect(port: number): Promise<void> {
    if (this.stopped) return;
    const ticket = await post(this.proxyPort, API_PREFIX + auth.getWss.path, '{}', { token: this.player.token });
    if ('cut' in ticket || ticket.status !== 200) return this.again();
    const { data } = JSON.parse(ticket.text) as { data: { token: string } };
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${encodeURIComponent(data.token)}`);
    this.socket = socket;
    socket.on('open', () => (this.open = true));
    socket.on('error', () => undefined);
    socket.on('message', (raw) => {
      const event = JSON.parse(raw.toString()) as { type: string; balance?: number };
      if (event.type === 'BALANCE_UPDATED' && event.balance !== undefined) this.balances.push(event.balance);
    });
    socket.on('close', (code) => {
      this.open = false;
      this.closes.push(code);
      this.again();
    });
  }

  stop(): void {
    this.stopped = true;
    this.socket?.close(1000);
  }

  private again(): void {
    if (!this.stopped) setTimeout(() => void this.connect(this.proxyPort), 200);
  }
}

describe.skipIf(!pgUp)('three instances behind the proxy, one killed and restarted under load', () => {
  let fresh: TestDatabase;
  let dataDir: string;
  let cluster: ReturnType<typeof startInstances>;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  const sandboxSecret = randomBytes(16).toString('hex');
  const clusterLog: string[] = [];
  const output = new Map<number, string[]>();
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    fresh = await freshDatabase(serverUrl);
    dataDir = mkdtempSync(join(tmpdir(), 'breakshot-cluster-'));
    const ports = [await freePort(), await freePort(), await freePort()];
    cluster = startInstances({
      ports,
      command: [process.execPath, ['--conditions=source', '--import', 'tsx', SERVER]],
      cwd: SERVER_DIR,
      env: {
        ...process.env,
        DATABASE_URL: fresh.url,
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        TRUST_PROXY: '1',
        ADMIN_TOKEN: ADMIN_TEST_TOKEN,
        CAPTCHA_TEST_CODE: TEST_CAPTCHA,
        SECRETS_KEY: randomBytes(32).toString('hex'),
        SANDBOX_PAY: '1',
        SANDBOX_PAY_SECRET: sandboxSecret,
        DEMO: '0',
        // Every call comes from 127.0.0.1 here.
        RATE_LIMIT_SCALE: '1000',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      onSpawn: (instance, child) => {
        const kept = output.get(instance.index) ?? [];
        output.set(instance.index, kept);
        const keep = (chunk: Buffer) => kept.push(chunk.toString()) > 40 && kept.shift();
        child.stdout?.on('data', keep);
        child.stderr?.on('data', keep);
      },
      log: (line) => clusterLog.push(line),
    });
    proxy = await startProxy({
      port: 0,
      host: '127.0.0.1',
      instances: cluster.instances,
      log: (l) => clusterLog.push(l),
    });
    try {
      await until('three ready instances', async () => (await Promise.all(ports.map(readyz))).every(Boolean), 150_000);
    } catch (err) {
      throw new Error(`${(err as Error).message}:\n${[...output.values()].flat().join('')}`);
    }
  }, 180_000);

  afterAll(async () => {
    for (const client of clients) client.stop();
    proxy?.close();
    await cluster?.stop();
    await fresh?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'no failure beyond the killed instance’s requests in flight; its clients reconnect and hear later moves; the ledger balances',
    { timeout: 240_000 },
    async () => {
      /** Every call's answer; `ok`: answered 200 with success (an envelope with code 200, or the gateway's `success`). */
      const answers: { phase: number; what: string; answer: Answer; ok: boolean }[] = [];
      let phase = 1;
      const call = async (what: string, path: string, payload: string, headers: Record<string, string>) => {
        const answer = await post(proxy.port, path, payload, headers);
        const envelope =
          'cut' in answer || answer.status !== 200 || answer.text === 'success'
            ? undefined
            : (JSON.parse(answer.text) as { code: number; data: unknown });
        const ok = !('cut' in answer) && answer.status === 200 && (answer.text === 'success' || envelope?.code === 200);
        answers.push({ phase, what, answer, ok });
        return ok ? (envelope?.data ?? {}) : undefined;
      };
      const player = <C extends CallContract>(c: C, body: unknown, token = 'false') =>
        call(c.path, API_PREFIX + c.path, JSON.stringify(body), { token }) as Promise<
          DataOf<C['response']> | undefined
        >;
      const operator = (c: operatorCalls.AdminCall, body: unknown) =>
        call(c.path, operatorCalls.ADMIN_PREFIX + c.path, JSON.stringify(body), {
          [operatorCalls.ADMIN_TOKEN_HEADER]: ADMIN_TEST_TOKEN,
        });
      const must = <T>(what: string, value: T | undefined): T => {
        if (value === undefined) throw new Error(`${what} failed: ${JSON.stringify(answers.at(-1))}`);
        return value;
      };

      // Players (each funded for bets), an open match, and live clients: two on each instance.
      const players: Player[] = [];
      for (let i = 0; i < PLAYERS; i += 1) {
        const username = uniqueName('cl');
        const { captchaId } = must('captcha', await player(auth.captchaGetCode, {}));
        const reg = { username, password: PASSWORD, captchaId, captchaCode: TEST_CAPTCHA };
        const { token } = must('register', await player(auth.register, reg));
        const { id } = must('user/info', await player(auth.userInfo, {}, token));
        const fund = { username, amount: 1_000_000, reason: 'cluster test', requestId: randomUUID() };
        must('fund', await operator(playersAdmin.balanceAdjust, fund));
        players.push({ userId: id, token, username });
      }
      const startAt = new Date(Date.now() + 24 * 3600_000).toISOString();
      const created = await operator(taiqiuAdmin.matchCreate, {
        playerA: '林浩然',
        playerB: '陈子轩',
        bestOf: 7,
        startAt,
      });
      const matchId = (must('match create', created) as { id: number }).id;
      const match = must('match', await player(taiqiu.match, { id: matchId }));
      const market = match.markets.find((m) => m.type === 'winner')!;
      const selection = market.selections[0]!;
      const { channels } = must('payConfig', await player(payments.payConfig, {}, players[0]!.token));
      const channelId = channels.find((c) => c.type === 'sandbox')!.id;

      for (const p of players) clients.push(new LiveClient(p, proxy.port));
      await Promise.all(clients.map((c, i) => c.connect(cluster.instances[i % 3]!.port)));
      await until('every live client open', () => clients.every((c) => c.open), 20_000);

      let ops = 0;
      const servedBy = (n: number, index: number) =>
        answers.some((a) => a.phase === n && a.ok && 'instance' in a.answer && a.answer.instance === index);
      const deposit = async (p: Player) => {
        const amount = 1_000 + (ops % 100);
        const started = await player(payments.startPay, { channelId, amount }, p.token);
        if (!started) return;
        const orderNo = started.orderNo;
        const raw = JSON.stringify({
          merchantId: 'breakshot',
          orderNo,
          amount,
          status: 'SUCCESS',
          tradeNo: `T${orderNo}`,
        });
        await call('sandbox callback', '/pay/callback/sandbox', raw, {
          'x-signature': sign(sandboxSecret, raw),
        });
      };
      const bet = (p: Player) =>
        player(
          taiqiu.bet,
          {
            matchId,
            marketId: market.id,
            selectionId: selection.id,
            stake: 1_000,
            odds: selection.odds,
            acceptOddsChange: true,
            requestId: randomUUID(),
          },
          p.token,
        );

      // The load: a worker per player, a deposit or a bet at a time, until stopped.
      let stop = false;
      const workers = players.map(async (p, w) => {
        for (let n = w; !stop; n += 1) {
          await (n % 2 === 0 ? deposit(p) : bet(p));
          ops += 1;
        }
      });
      // Every instance serves some (the proxy skips one whose readiness check timed out on a busy machine).
      await until(
        'the first operations, some on each instance',
        () => ops >= OPS_PER_PHASE && [1, 2, 3].every((index) => servedBy(1, index)),
        60_000,
      );
      phase = 2;
      const killed = cluster.instances[KILLED - 1]!;
      const firstPid = killed.child!.pid;
      killed.child!.kill('SIGKILL');
      await until('the killed instance started again', () => !!killed.child && killed.child.pid !== firstPid, 10_000);
      const down = ops;
      await until('the restarted instance ready', () => readyz(killed.port), 90_000);
      await until('operations while it was down', () => ops >= down + OPS_PER_PHASE, 60_000);
      phase = 3;
      const restarted = ops;
      // The proxy sends the restarted instance its share again (once its readiness check passes).
      await until(
        'operations after the restart, some on the restarted instance',
        () => ops >= restarted + OPS_PER_PHASE && servedBy(3, KILLED),
        60_000,
      );
      stop = true;
      await Promise.all(workers);

      const failures = answers.filter((a) => !a.ok);
      const inFlightOnKilled = (a: (typeof answers)[number]) =>
        a.phase === 2 && !('cut' in a.answer) && a.answer.status === 502 && a.answer.instance === KILLED;
      // Requests spread round robin over the three; the restarted one takes its share again.
      expect([1, 2, 3].map((index) => servedBy(1, index))).toEqual([true, true, true]);
      expect(failures.filter((a) => !inFlightOnKilled(a))).toEqual([]);
      expect(failures.length).toBeLessThanOrEqual(PLAYERS);
      expect(clusterLog.some((l) => l.startsWith(`instance ${KILLED} `) && l.includes('starting it again'))).toBe(true);

      // Every client is connected again; those of the killed instance were dropped and reconnected.
      await until('every live client open again', () => clients.every((c) => c.open), 20_000);
      clients.forEach((c, i) => {
        if (i % 3 === KILLED - 1) expect(c.closes.length).toBeGreaterThan(0);
      });
      // A deposit of each player after the restart reaches that player's client, wherever it is now.
      for (const [i, p] of players.entries()) {
        await deposit(p);
        const { balance } = must('user/info', await player(auth.userInfo, {}, p.token));
        await until(`BALANCE_UPDATED ${balance} at client ${i}`, () => clients[i]!.balances.includes(balance), 10_000);
      }

      const database: Database = await fresh.open();
      try {
        await expectLedgerOk(database.db);
      } finally {
        await database.close();
      }
      // The cluster's stop: SIGTERM drains each instance, which exits 0.
      for (const client of clients) client.stop();
      expect(await cluster.stop()).toBe(true);
    },
  );
});
