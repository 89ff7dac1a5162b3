import { randomUUID } from 'node:crypto';
import { games, hub88 } from '@breakshot/contracts';
import { ensureGame, ensureProvider, walletPublicKey } from '../../src/modules/games/service.js';
import { getCashBalance } from '../../src/modules/wallet/service.js';
import { newKeyPair, signBody, verifyBody, type KeyPair } from '../../src/platform/signing.js';
import { fundedPlayer } from './taiqiu.js';
import { call, type TestApp } from './test-app.js';
import type { TestPlayer } from './withdrawals.js';

/*
 * A provider of the seamless wallet in tests: registered through the games service with a fresh
 * key pair, sending signed Hub88 requests and checking that our answers are signed with our key.
 */

export interface TestProvider {
  id: string;
  keys: KeyPair;
  /** A slot game and a poker game of this provider. */
  slot: string;
  poker: string;
}

let providers = 0;

/** A new provider with one slot and one poker game, enabled. */
export async function registerTestProvider(
  t: TestApp,
  launchUrl = 'https://games.example/play',
): Promise<TestProvider> {
  providers += 1;
  const id = `tp${process.pid}-${providers}`;
  const keys = newKeyPair();
  await ensureProvider(t.db, {
    id,
    name: `Test games ${providers}`,
    gameTypes: ['slots', 'poker'],
    publicKey: keys.publicPem,
    launchUrl,
  });
  const slot = `${id}-slot`;
  const poker = `${id}-poker`;
  await ensureGame(t.db, {
    code: slot,
    providerId: id,
    name: '测试老虎机',
    nameEn: 'Test Slot',
    gameType: 'slots',
    image: '',
    sort: 1,
  });
  await ensureGame(t.db, {
    code: poker,
    providerId: id,
    name: '测试扑克',
    nameEn: 'Test Poker',
    gameType: 'poker',
    image: '',
    sort: 2,
  });
  return { id, keys, slot, poker };
}

export interface ProviderResponse {
  httpStatus: number;
  /** The answer's JSON. */
  answer: Record<string, unknown> & { status: hub88.Hub88Status };
  /** Whether X-Hub88-Signature is our key's signature of the exact answer bytes. */
  signedByUs: boolean;
}

export interface SendOptions {
  /** Sent instead of the JSON of body (bytes that are not JSON, or JSON spaced otherwise). */
  raw?: string;
  /** Another signature than the provider's own of the bytes; null sends none. */
  signature?: string | null;
  /** Another provider id in the path. */
  providerId?: string;
}

/** Posts a Hub88 call as the provider, signed with its key. */
export async function sendProvider(
  t: TestApp,
  provider: TestProvider,
  name: hub88.Hub88Call,
  body: unknown,
  options: SendOptions = {},
): Promise<ProviderResponse> {
  const payload = options.raw ?? JSON.stringify(body);
  const signature = options.signature === undefined ? signBody(provider.keys.privatePem, payload) : options.signature;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signature !== null) headers[hub88.SIGNATURE_HEADER] = signature;
  const res = await t.app.inject({
    method: 'POST',
    url: `${hub88.PROVIDER_PREFIX}/${options.providerId ?? provider.id}/${name}`,
    headers,
    payload,
  });
  const sent = res.headers[hub88.SIGNATURE_HEADER];
  return {
    httpStatus: res.statusCode,
    answer: res.json(),
    signedByUs: verifyBody(await walletPublicKey(t.app.ctx), res.body, typeof sent === 'string' ? sent : undefined),
  };
}

/** The provider's three money calls, signed: bet, win and rollback. */
export const moneyCalls = (t: TestApp, provider: TestProvider) => ({
  bet: (body: object) => sendProvider(t, provider, 'transaction/bet', body),
  win: (body: object) => sendProvider(t, provider, 'transaction/win', body),
  rollback: (body: object) => sendProvider(t, provider, 'transaction/rollback', body),
});

/** Launches the game as the player and returns the token of the launch URL. */
export async function launchToken(t: TestApp, player: TestPlayer, gameCode: string): Promise<string> {
  const res = await call(t.app, games.launch, { gameCode }, { token: player.token });
  if (res.code !== 200) throw new Error(`launch failed: ${res.msg}`);
  const token = new URL(res.data.url).searchParams.get('token');
  if (!token) throw new Error(`no token in ${res.data.url}`);
  return token;
}

/** A player with this much cash who launched the game: the fields of their rounds. */
export async function seatPlayer(t: TestApp, cents: number, game: string): Promise<{ player: TestPlayer; r: Round }> {
  const player = await fundedPlayer(t, cents);
  return { player, r: { user: player.username, token: await launchToken(t, player, game), game } };
}

/** The player's available balance, read from the ledger (also for a player whose sessions ended). */
export const balanceOf = async (t: TestApp, player: { userId: number }) =>
  (await getCashBalance(t.db, player.userId)).balance;

/** Hub88 amount of a number of cents (1 cent = 1,000). */
export const units = (cents: number) => cents * hub88.HUB88_PER_CENT;

export interface Round {
  user: string;
  token: string;
  game: string;
  currency?: string;
  round?: string;
}

/** A transaction/bet request (currency CNY unless given). */
export function betRequest(r: Round, amount: number, extra: Record<string, unknown> = {}) {
  return {
    user: r.user,
    token: r.token,
    request_uuid: randomUUID(),
    transaction_uuid: randomUUID(),
    supplier_transaction_id: randomUUID(),
    round: r.round ?? randomUUID(),
    round_closed: false,
    game_code: r.game,
    currency: r.currency ?? 'CNY',
    amount,
    is_free: false,
    reward_uuid: null,
    bet: null,
    meta: null,
    ...extra,
  };
}

/** A transaction/win request for a bet request. */
export function winRequest(bet: ReturnType<typeof betRequest>, amount: number, extra: Record<string, unknown> = {}) {
  return {
    ...bet,
    request_uuid: randomUUID(),
    transaction_uuid: randomUUID(),
    supplier_transaction_id: randomUUID(),
    reference_transaction_uuid: bet.transaction_uuid,
    round_closed: true,
    amount,
    is_supplier_promo: false,
    ...extra,
  };
}

/** A transaction/rollback request of a transaction uuid. */
export function rollbackRequest(r: Round, reference: string, extra: Record<string, unknown> = {}) {
  return {
    user: r.user,
    token: r.token,
    request_uuid: randomUUID(),
    transaction_uuid: randomUUID(),
    reference_transaction_uuid: reference,
    round: r.round ?? randomUUID(),
    round_closed: true,
    game_code: r.game,
    meta: null,
    ...extra,
  };
}
