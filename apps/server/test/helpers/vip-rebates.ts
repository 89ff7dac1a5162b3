import { expect } from 'vitest';
import { taiqiuAdmin } from '@breakshot/contracts';
import { channelOf, sandboxCallback, startPay } from './payments.js';
import { betRequest, launchToken, sendProvider, units, winRequest, type TestProvider } from './provider.js';
import { newMatch, placeBet } from './taiqiu.js';
import type { TestApp } from './test-app.js';
import { adminCall, type TestPlayer } from './withdrawals.js';

/*
 * Settled bets and credited deposits for the rebate and VIP tests (rewards.ts has the settled
 * billiards bet): each goes the way a player's would (a cancelled match, the provider's signed
 * wallet calls, the sandbox gateway's callback), so the hooks run where they run in production.
 */

/** A billiards bet whose match is cancelled: void, valid bet 0. */
export async function voidBilliardsBet(t: TestApp, player: TestPlayer, stake: number): Promise<void> {
  const match = await newMatch(t);
  expect((await placeBet(t, player, match, 'winner', 'a', stake)).code).toBe(200);
  expect((await adminCall(t.app, taiqiuAdmin.matchCancel, { matchId: match.id })).code).toBe(200);
}

/** A provider game's bet of `stake` cents settled by a win of `win` cents (0: lost); valid bet = stake. */
export async function providerBet(
  t: TestApp,
  provider: TestProvider,
  player: TestPlayer,
  game: string,
  stake: number,
  win = 0,
): Promise<void> {
  const round = { user: player.username, token: await launchToken(t, player, game), game };
  const bet = betRequest(round, units(stake));
  expect((await sendProvider(t, provider, 'transaction/bet', bet)).answer.status).toBe('RS_OK');
  expect((await sendProvider(t, provider, 'transaction/win', winRequest(bet, units(win)))).answer.status).toBe('RS_OK');
}

/** A deposit through the sandbox gateway, credited by its signed callback. */
export async function deposit(t: TestApp, player: TestPlayer, amount: number): Promise<string> {
  const channel = await channelOf(t.app, player.token, 'sandbox');
  const order = await startPay(t.app, player.token, channel.id, amount);
  const res = await sandboxCallback(t.app, { orderNo: order.orderNo, amount });
  expect(res.body).toBe('success');
  return order.orderNo;
}
