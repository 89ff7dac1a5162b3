import { createPublicKey, type KeyObject } from 'node:crypto';
import { hub88 } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import { verifyBody } from '../../platform/signing.js';
import { accountOfName, agentChainOf, getUserInfo } from '../auth/service.js';
import { cachedSysConfig } from '../system/service.js';
import { getCashBalance } from '../wallet/service.js';
import { cachedProvider, providerGame } from './catalogue.js';
import { checkToken } from './launch.js';
import { balanceAnswer, refusal, type Answer } from './wallet-answers.js';
import { walletBet } from './wallet-bet.js';
import type { WalletCall } from './wallet-call.js';
import { amountIsPlainDigits } from './wallet-json.js';
import { walletRollback, walletWin } from './wallet-settle.js';

/*
 * The seamless wallet (docs/design.md §8, contracts hub88.ts): one provider call, from the raw body
 * and its signature to the answer. Checked in Hub88's order: the provider (unknown, or disabled
 * for a call that starts play: INVALID_PARTNER), the signature over the exact bytes
 * (INVALID_SIGNATURE), JSON (WRONG_SYNTAX), the call's schema and an amount's text (WRONG_TYPES;
 * nothing is written for these); then the call itself.
 */

type Handlers = { [C in hub88.Hub88Call]: (call: WalletCall, req: hub88.Hub88Request<C>) => Promise<Answer> };

const handlers: Handlers = {
  'user/info': userInfo,
  'user/balance': balance,
  'transaction/bet': walletBet,
  'transaction/win': walletWin,
  'transaction/rollback': walletRollback,
};

const isCall = (name: string): name is hub88.Hub88Call => Object.hasOwn(hub88.calls, name);

/**
 * Wins and rollbacks settle what a bet started: a provider switched off still sends them, so its
 * open rounds pay out and its lost bets are refunded (as they skip token expiry and account blocks).
 */
const settles = (name: string) => name === 'transaction/win' || name === 'transaction/rollback';

/**
 * PostgreSQL text holds no NUL character: a string with one cannot be a uuid, a user or a round
 * here. Only the top-level strings are looked at: meta, the one field that nests, is never stored.
 */
const hasNul = (value: unknown) => typeof value === 'string' && value.includes('\0');

/** The answer to a provider's call `name` (e.g. "transaction/bet") with this raw body and signature. */
export async function answerProviderCall(
  ctx: AppContext,
  providerId: string,
  name: string,
  raw: string,
  signature: string | undefined,
): Promise<Answer> {
  const body = parseJson(raw);
  const requestUuid = requestUuidIn(body);
  const provider = await cachedProvider(ctx.db, providerId, ctx.now());
  if (!provider || (!provider.enabled && !settles(name))) return refusal('RS_ERROR_INVALID_PARTNER', requestUuid);
  const key = publicKeyOf(provider.publicKey);
  if (!key || !verifyBody(key, raw, signature)) return refusal('RS_ERROR_INVALID_SIGNATURE', requestUuid);
  if (body === NOT_JSON) return refusal('RS_ERROR_WRONG_SYNTAX', requestUuid);
  if (!isCall(name)) return refusal('RS_ERROR_WRONG_SYNTAX', requestUuid);
  const parsed = hub88.calls[name].request.safeParse(body);
  if (!parsed.success || Object.values(parsed.data).some(hasNul) || !amountIsPlainDigits(raw)) {
    return refusal('RS_ERROR_WRONG_TYPES', requestUuid);
  }
  const call = { ctx, provider, currency: (await cachedSysConfig(ctx.db, ctx.now())).currency };
  const handler = handlers[name] as (call: WalletCall, req: unknown) => Promise<Answer>;
  return handler(call, parsed.data);
}

const NOT_JSON = Symbol('not JSON');

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return NOT_JSON;
  }
}

/** The request_uuid to echo, read leniently: a refusal before the schema still carries it. */
export const requestUuidOf = (raw: string): string => requestUuidIn(parseJson(raw));

function requestUuidIn(body: unknown): string {
  const uuid =
    typeof body === 'object' && body !== null ? (body as { request_uuid?: unknown }).request_uuid : undefined;
  return typeof uuid === 'string' ? uuid : '';
}

/** Providers' public keys, each PEM parsed once (an operator may replace a provider's key). */
const publicKeys = new Map<string, KeyObject>();
const MAX_PUBLIC_KEYS = 64;

function publicKeyOf(pem: string): KeyObject | undefined {
  let key = publicKeys.get(pem);
  if (!key) {
    try {
      key = createPublicKey(pem);
    } catch {
      return undefined;
    }
    if (publicKeys.size >= MAX_PUBLIC_KEYS) publicKeys.clear();
    publicKeys.set(pem, key);
  }
  return key;
}

/**
 * user/info: what we know of the player. The country is the site currency's (ISO 4217 codes begin
 * with the ISO 3166 country: CNY → CN), also given as jurisdiction; the affiliate is the nearest
 * agent. An unknown player: RS_ERROR_UNKNOWN (Hub88 has no status of its own for it).
 */
async function userInfo({ ctx, currency }: WalletCall, req: hub88.Hub88Request<'user/info'>): Promise<Answer> {
  const player = await accountOfName(ctx.db, req.user);
  if (!player) return refusal('RS_ERROR_UNKNOWN', req.request_uuid, req.user);
  const [info, [agent]] = await Promise.all([getUserInfo(ctx.db, player.id), agentChainOf(ctx.db, player.id)]);
  const country = currency.slice(0, 2);
  return {
    user: req.user,
    status: 'RS_OK',
    request_uuid: req.request_uuid,
    country,
    jurisdiction: country,
    sub_partner_id: null,
    birth_date: info.birthday,
    registration_date: info.createdAt.slice(0, 10),
    tags: [],
    sex: info.sex === 'unspecified' ? null : info.sex,
    affiliate_id: agent === undefined ? null : String(agent),
  };
}

/** user/balance: needs the player's token for this game, not expired (an unknown player: INVALID_TOKEN). */
async function balance(
  { ctx, provider, currency }: WalletCall,
  req: hub88.Hub88Request<'user/balance'>,
): Promise<Answer> {
  const player = await accountOfName(ctx.db, req.user);
  if (!player) return refusal('RS_ERROR_INVALID_TOKEN', req.request_uuid, req.user);
  if (!(await providerGame(ctx.db, provider.id, req.game_code))) {
    return refusal('RS_ERROR_INVALID_GAME', req.request_uuid, req.user);
  }
  const expected = { userId: player.id, gameCode: req.game_code, currency };
  const token = await checkToken(ctx.db, req.token, expected, ctx.now());
  if (token !== 'ok') return refusal(token, req.request_uuid, req.user);
  const { balance: cents } = await getCashBalance(ctx.db, player.id);
  return balanceAnswer(req.user, req.request_uuid, currency, cents);
}
