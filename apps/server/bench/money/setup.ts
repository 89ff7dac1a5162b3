import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { operatorCalls, playersAdmin, API_PREFIX, games, taiqiu, taiqiuAdmin } from '@breakshot/contracts';
import type { Database } from '../../src/platform/db.js';
import { ensureGame, ensureProvider } from '../../src/modules/games/service.js';
import { newKeyPair, type KeyPair } from '../../src/platform/signing.js';
import { createPlayers, type BenchPlayer } from '../lib/players.js';
import type { RunningServer } from '../lib/server.js';

/*
 * What the money benchmark bets with, made through the running server's own calls: players whose
 * cash an operator credited (a ledger transfer, as in production), a provider with one slot game
 * that each player launched (a launch token each), and an open billiards match with its odds.
 */

export interface MoneyPlayer extends BenchPlayer {
  /** The player's launch token of the provider's slot game. */
  launchToken: string;
}

export interface BenchProvider {
  id: string;
  keys: KeyPair;
  slot: string;
}

export interface BenchSelection {
  matchId: number;
  marketId: number;
  selectionId: number;
  odds: number;
}

/** A provider of the seamless wallet with one slot game, registered as a module registers one. */
export async function registerProvider(database: Database): Promise<BenchProvider> {
  const id = 'benchgames';
  const keys = newKeyPair();
  await ensureProvider(database.db, {
    id,
    name: 'Bench games',
    gameTypes: ['slots'],
    publicKey: keys.publicPem,
    launchUrl: 'https://games.example/play',
  });
  const slot = `${id}-slot`;
  await ensureGame(database.db, {
    code: slot,
    providerId: id,
    name: '压测老虎机',
    nameEn: 'Bench Slot',
    gameType: 'slots',
    image: '',
    sort: 1,
  });
  return { id, keys, slot };
}

/** `count` players, each credited `cents` by the operator and holding a launch token of the slot. */
export async function fundedPlayers(
  database: Database,
  server: RunningServer,
  provider: BenchProvider,
  count: number,
  cents: number,
): Promise<MoneyPlayer[]> {
  const players = await createPlayers(database, count, 'money');
  const launched: MoneyPlayer[] = new Array(count);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) {
      const p = players[i]!;
      await adminPost(server, playersAdmin.balanceAdjust.path, {
        username: p.username,
        amount: cents,
        reason: 'bench funds',
        requestId: randomUUID(),
      });
      const { url } = await playerPost<{ url: string }>(server, games.launch.path, p.token, {
        gameCode: provider.slot,
      });
      const launchToken = new URL(url).searchParams.get('token');
      if (!launchToken) throw new Error(`no token in ${url}`);
      launched[i] = { ...p, launchToken };
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return launched;
}

/** A billiards match open for betting (starting in an hour), and its first winner selection. */
export async function openMatch(server: RunningServer): Promise<BenchSelection> {
  const { id } = await adminPost<{ id: number }>(server, taiqiuAdmin.matchCreate.path, {
    playerA: '林浩然',
    playerB: '陈子轩',
    bestOf: 7,
    startAt: new Date(Date.now() + 3_600_000).toISOString(),
  });
  const match = await playerPost<taiqiu.MatchDetails>(server, taiqiu.match.path, undefined, { id });
  const market = match.markets.find((m) => m.type === 'winner');
  const sel = market?.selections[0];
  if (!market || !sel) throw new Error('the new match has no winner market');
  return { matchId: id, marketId: market.id, selectionId: sel.id, odds: sel.odds };
}

async function adminPost<T = unknown>(server: RunningServer, path: string, body: unknown): Promise<T> {
  return post(`${server.base}${operatorCalls.ADMIN_PREFIX}${path}`, body, {
    [operatorCalls.ADMIN_TOKEN_HEADER]: server.adminToken,
  });
}

function playerPost<T>(server: RunningServer, path: string, token: string | undefined, body: unknown): Promise<T> {
  return post(`${server.base}${API_PREFIX}${path}`, body, { token: token ?? 'false' });
}

/**
 * A POST answered with an envelope, by node:http: fetch sends Sec-Fetch-Mode like a browser, and
 * the server takes the operator token from a command line client only.
 */
function post<T>(url: string, body: unknown, headers: Record<string, string>): Promise<T> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const answer = res.statusCode === 200 ? (JSON.parse(text) as { code: number; data: T }) : undefined;
        if (answer?.code === 200) resolve(answer.data);
        else reject(new Error(`${url}: HTTP ${res.statusCode} ${text.slice(0, 200)}`));
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}
