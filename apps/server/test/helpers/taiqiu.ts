import type { z } from 'zod';
import { taiqiu, taiqiuAdmin } from '@breakshot/contracts';
import { decidePendingBets } from '../../src/modules/taiqiu/acceptance.js';
import { call, startTestApp, type TestApp } from './test-app.js';
import { adminCall, ADMIN_TEST_TOKEN, fund, newTestPlayer, type TestPlayer } from './withdrawals.js';

/** A test app with the operator token and no scheduler (so no demo feed). */
export function startTaiqiuApp(): Promise<TestApp> {
  return startTestApp({ adminToken: ADMIN_TEST_TOKEN, scheduler: false });
}

type NewMatch = Partial<z.input<typeof taiqiuAdmin.matchCreate.request>>;

/** Creates a match through the operator call and returns its page (as a guest sees it). */
export async function newMatch(t: TestApp, input: NewMatch = {}): Promise<taiqiu.MatchDetails> {
  const res = await adminCall(t.app, taiqiuAdmin.matchCreate, {
    playerA: '林浩然',
    playerB: '陈子轩',
    bestOf: 7,
    startAt: new Date(t.clock.now().getTime() + 60_000).toISOString(),
    ...input,
  });
  if (res.code !== 200) throw new Error(`match create failed: ${res.msg}`);
  return matchPage(t, res.data.id);
}

export async function matchPage(t: TestApp, id: number, token?: string): Promise<taiqiu.MatchDetails> {
  const res = await call(t.app, taiqiu.match, { id }, token ? { token } : {});
  if (res.code !== 200) throw new Error(`match failed: ${res.msg}`);
  return res.data;
}

/** A player with this much cash (credited by an operator adjustment). */
export async function fundedPlayer(t: TestApp, amount: number): Promise<TestPlayer> {
  const player = await newTestPlayer(t, { fundPassword: false });
  if (amount > 0) await fund(t, player.username, amount);
  return player;
}

export function marketOf(match: taiqiu.MatchDetails, type: taiqiu.MarketType): taiqiu.Market {
  const market = match.markets.find((m) => m.type === type);
  if (!market) throw new Error(`no ${type} market`);
  return market;
}

export function selectionOf(match: taiqiu.MatchDetails, type: taiqiu.MarketType, pick: taiqiu.Pick) {
  const market = marketOf(match, type);
  const sel = market.selections.find((s) => s.pick === pick);
  if (!sel) throw new Error(`no ${pick} in ${type}`);
  return { market, sel };
}

/** Bets on a pick at its current odds; returns the envelope. */
export async function placeBet(
  t: TestApp,
  player: TestPlayer,
  match: taiqiu.MatchDetails,
  type: taiqiu.MarketType,
  pick: taiqiu.Pick,
  stake: number,
  extra: Record<string, unknown> = {},
) {
  const { market, sel } = selectionOf(match, type, pick);
  return call(
    t.app,
    taiqiu.bet,
    { matchId: match.id, marketId: market.id, selectionId: sel.id, stake, odds: sel.odds, ...extra },
    { token: player.token },
  );
}

/** A live match's bets wait out its acceptance delay (3 s unless set): the clock moves past it and they are decided. */
export async function acceptPending(t: TestApp): Promise<number> {
  t.clock.advance(3_000);
  return decidePendingBets(t.app.ctx);
}

/** Every selection of a match's four markets. */
export const EVERY_SELECTION: [taiqiu.MarketType, taiqiu.Pick][] = [
  ['winner', 'a'],
  ['winner', 'b'],
  ['handicap', 'a'],
  ['handicap', 'b'],
  ['total', 'over'],
  ['total', 'under'],
  ['oddeven', 'odd'],
  ['oddeven', 'even'],
];
