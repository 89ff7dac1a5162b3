import { createPrivateKey, randomUUID, sign, type KeyObject } from 'node:crypto';
import { postText } from '../lib/http-post.js';
import { operatorCalls, playersAdmin, API_PREFIX, games, hub88, taiqiu, taiqiuAdmin } from '@breakshot/contracts';
import type { Database } from '../../src/platform/db.js';
import { ensureGame, ensureProvider } from '../../src/modules/games/service.js';
import { newKeyPair } from '../../src/platform/signing.js';
import { createPlayers, type BenchPlayer } from '../lib/players.js';
import type { RunningServer } from '../lib/server.js';

/*
 * What the money benchmark bets with, made through the running server's own calls: players whose
 * cash an operator credited (a ledger transfer, as in production), a provider with one slot game
 * that each player launched (a launch token each), and an open billiards match with its odds; and
 * the calls the other cases' set-up (rebate-claimers.ts, agent-teams.ts, deposit-orders.ts) makes
 * its own with.
 */

/** Set-up calls in flight at once: enough to keep the server's two cores busy. */
const SETUP_CALLS = 32;

export interface MoneyPlayer extends BenchPlayer {
  /** The player's launch token of the provider's slot game. */
  launchToken: string;
}

export interface BenchProvider {
  id: string;
  /** The provider's private key: it signs its calls. */
  signingKey: KeyObject;
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
  return { id, signingKey: createPrivateKey(keys.privatePem), slot };
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
  return inParallel(players, async (p) => {
    await fund(server, p.username, cents);
    return { ...p, launchToken: await launchToken(server, provider, p.token) };
  });
}

/** The operator credits the player `cents` (a balance adjustment: a ledger transfer from the house). */
export async function fund(server: RunningServer, username: string, cents: number): Promise<void> {
  await adminPost(server, playersAdmin.balanceAdjust.path, {
    username,
    amount: cents,
    reason: 'bench funds',
    requestId: randomUUID(),
  });
}

/** The player's launch token of the provider's slot game (games/launch, as the game page opens it). */
export async function launchToken(server: RunningServer, provider: BenchProvider, token: string): Promise<string> {
  const { url } = await playerPost<{ url: string }>(server, games.launch.path, token, { gameCode: provider.slot });
  const launch = new URL(url).searchParams.get('token');
  if (!launch) throw new Error(`no token in ${url}`);
  return launch;
}

/** `each` of every item, SETUP_CALLS at a time; the results in the items' order. */
export async function inParallel<T, R>(items: readonly T[], each: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await each(items[i]!);
  };
  await Promise.all(Array.from({ length: SETUP_CALLS }, worker));
  return results;
}

/** A request ready to send: path, headers and body. */
export interface ReadyRequest {
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** The provider's seamless-wallet call of the player, signed as the provider signs (RSA-SHA256 of the raw body). */
export function providerCall(
  provider: BenchProvider,
  call: 'transaction/bet' | 'transaction/win',
  player: MoneyPlayer,
  fields: { transactionUuid: string; round: string; roundClosed: boolean; cents: number; betUuid?: string },
): ReadyRequest {
  const body = JSON.stringify({
    user: player.username,
    token: player.launchToken,
    request_uuid: randomUUID(),
    transaction_uuid: fields.transactionUuid,
    supplier_transaction_id: randomUUID(),
    round: fields.round,
    round_closed: fields.roundClosed,
    game_code: provider.slot,
    currency: 'CNY',
    amount: fields.cents * hub88.HUB88_PER_CENT,
    is_free: false,
    reward_uuid: null,
    bet: null,
    meta: null,
    ...(fields.betUuid ? { reference_transaction_uuid: fields.betUuid } : {}),
  });
  const signature = sign('sha256', Buffer.from(body), provider.signingKey).toString('base64');
  return {
    path: `${hub88.PROVIDER_PREFIX}/${provider.id}/${call}`,
    headers: { 'content-type': 'application/json', [hub88.SIGNATURE_HEADER]: signature },
    body,
  };
}

/** Sends a provider call; refuses any answer but RS_OK. */
export async function sendProviderCall(server: RunningServer, call: ReadyRequest): Promise<void> {
  const { status, text } = await postText(`${server.base}${call.path}`, call.body, call.headers);
  const answer = status === 200 ? (JSON.parse(text) as { status?: string }) : undefined;
  if (answer?.status !== 'RS_OK') throw new Error(`${call.path}: HTTP ${status} ${text.slice(0, 200)}`);
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

export async function adminPost<T = unknown>(server: RunningServer, path: string, body: unknown): Promise<T> {
  return enveloped(`${server.base}${operatorCalls.ADMIN_PREFIX}${path}`, body, {
    [operatorCalls.ADMIN_TOKEN_HEADER]: server.adminToken,
  });
}

export function playerPost<T>(
  server: RunningServer,
  path: string,
  token: string | undefined,
  body: unknown,
): Promise<T> {
  return enveloped(`${server.base}${API_PREFIX}${path}`, body, { token: token ?? 'false' });
}

/** A POST answered with an envelope: its data when HTTP 200 and code 200, else an error. */
async function enveloped<T>(url: string, body: unknown, headers: Record<string, string>): Promise<T> {
  const { status, text } = await postText(url, JSON.stringify(body), {
    ...headers,
    'content-type': 'application/json',
  });
  const answer = status === 200 ? (JSON.parse(text) as { code: number; data: T }) : undefined;
  if (answer?.code !== 200) throw new Error(`${url}: HTTP ${status} ${text.slice(0, 200)}`);
  return answer.data;
}
