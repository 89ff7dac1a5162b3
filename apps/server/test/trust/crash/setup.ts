import { randomUUID } from 'node:crypto';
import { playersAdmin, auth, games, payments, taiqiu, taiqiuAdmin, withdrawals } from '@breakshot/contracts';
import { betRequest, units, winRequest } from '../../helpers/provider.js';
import { selectionOf } from '../../helpers/taiqiu.js';
import { PASSWORD, TEST_CAPTCHA, uniqueName } from '../../helpers/test-app.js';
import { FUND_PASSWORD, trc20Address } from '../../helpers/withdrawals.js';
import type { TestProviderKeys } from './database.js';
import type { Api, Outcome } from './http.js';

/*
 * The players and the match of the load, made through the running server as a client and an
 * operator would make them. Each player has a client IP of its own (the server trusts
 * X-Forwarded-For here), so registering many does not meet the per-IP limits.
 */

export interface Player {
  userId: number;
  username: string;
  token: string;
  ip: string;
}

export interface World {
  deposit: { channelId: number; players: Player[] };
  bet: {
    players: Player[];
    matchId: number;
    marketId: number;
    selectionId: number;
    odds: number;
  };
  provider: TestProviderKeys & { players: (Player & { gameToken: string })[] };
  withdrawal: { players: (Player & { accountId: number })[] };
  /** Players with a lost provider round of REBATE_STAKE settled: rebate to claim. */
  rebate: { players: Player[] };
}

export const PLAYERS_PER_KIND = 2;
/** Claiming players: each claims once (the next claim is 10 minutes away), after its own restart. */
export const REBATE_PLAYERS = 4;
/** Cents of the round each claiming player lost before the load: several yuan of rebate at any rate. */
const REBATE_STAKE = 200_000;
/** Deposit workers take turns over several players each: an order left open by a cut counts against its player's cap. */
export const DEPOSIT_PLAYERS_PER_WORKER = 2;

/** The value of a setup call, which must succeed. */
export function must<T>(what: string, outcome: Outcome<T>): T {
  if (outcome.kind !== 'ok') throw new Error(`${what}: ${JSON.stringify(outcome)}`);
  return outcome.value;
}

let ips = 0;

async function newPlayer(api: Api, funds: number): Promise<Player> {
  ips += 1;
  const ip = `198.18.${Math.floor(ips / 250)}.${(ips % 250) + 1}`;
  const username = uniqueName('cr');
  const { captchaId } = must('captcha', await api.player(auth.captchaGetCode, {}, { ip }));
  const { token } = must(
    'register',
    await api.player(auth.register, { username, password: PASSWORD, captchaId, captchaCode: TEST_CAPTCHA }, { ip }),
  );
  const info = must('userInfo', await api.player(auth.userInfo, {}, { token, ip }));
  if (funds > 0) {
    const body = { username, amount: funds, reason: 'crash test funds', requestId: randomUUID() };
    must('fund', await api.operator(playersAdmin.balanceAdjust, body));
  }
  return { userId: info.id, username, token, ip };
}

async function many<T>(n: number, make: () => Promise<T>): Promise<T[]> {
  const made: T[] = [];
  for (let i = 0; i < n; i += 1) made.push(await make());
  return made;
}

export async function setUpWorld(api: Api, provider: TestProviderKeys): Promise<World> {
  const depositPlayers = await many(PLAYERS_PER_KIND * DEPOSIT_PLAYERS_PER_WORKER, () => newPlayer(api, 0));
  const config = must('payConfig', await api.player(payments.payConfig, {}, depositPlayers[0]!));
  const channel = config.channels.find((c) => c.type === 'sandbox');
  if (!channel) throw new Error('no sandbox channel');

  const { id: matchId } = must(
    'match',
    await api.operator(taiqiuAdmin.matchCreate, {
      playerA: '林浩然',
      playerB: '陈子轩',
      bestOf: 7,
      startAt: new Date(Date.now() + 24 * 3600_000).toISOString(),
    }),
  );
  const match = must('match page', await api.player(taiqiu.match, { id: matchId }));
  const { market, sel } = selectionOf(match, 'winner', 'a');
  const betPlayers = await many(PLAYERS_PER_KIND, () => newPlayer(api, 10_000_000));

  const gamePlayer = async () => {
    const player = await newPlayer(api, 10_000_000);
    const launch = must('launch', await api.player(games.launch, { gameCode: provider.game }, player));
    const gameToken = new URL(launch.url).searchParams.get('token');
    if (!gameToken) throw new Error(`no token in ${launch.url}`);
    return { ...player, gameToken };
  };
  const providerPlayers = await many(PLAYERS_PER_KIND, gamePlayer);

  const rebatePlayers = await many(REBATE_PLAYERS, async () => {
    const { gameToken, ...player } = await gamePlayer();
    const bet = betRequest({ user: player.username, token: gameToken, game: provider.game }, units(REBATE_STAKE));
    const wallet = (name: 'transaction/bet' | 'transaction/win', body: object) =>
      api.provider(provider.id, provider.keys.privatePem, name, body);
    must('rebate round bet', await wallet('transaction/bet', bet));
    must('rebate round lost', await wallet('transaction/win', winRequest(bet, 0)));
    return player;
  });

  const withdrawalPlayers = await many(PLAYERS_PER_KIND, async () => {
    const player = await newPlayer(api, 50_000_000);
    must(
      'setFundPassword',
      await api.player(withdrawals.setFundPassword, { password: PASSWORD, fundPassword: FUND_PASSWORD }, player),
    );
    const account = must(
      'addAccount',
      await api.player(
        withdrawals.addAccount,
        { type: 'usdt', network: 'TRC20', address: trc20Address(), fundPassword: FUND_PASSWORD },
        player,
      ),
    );
    return { ...player, accountId: account.id };
  });

  return {
    deposit: { channelId: channel.id, players: depositPlayers },
    bet: { players: betPlayers, matchId, marketId: market.id, selectionId: sel.id, odds: sel.odds },
    provider: { ...provider, players: providerPlayers },
    withdrawal: { players: withdrawalPlayers },
    rebate: { players: rebatePlayers },
  };
}
