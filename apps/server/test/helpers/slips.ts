import { expect } from 'vitest';
import { taiqiu } from '@breakshot/contracts';
import { feedMatchRow, matchStream, postEvents, type TestFeed } from './feed.js';
import { matchPage } from './taiqiu.js';
import { call, type TestApp } from './test-app.js';
import type { TestPlayer } from './withdrawals.js';

/*
 * Random play for the book's model tests (cash-out, liability): feed matches scheduled and open
 * for bets, and slips (singles and parlays) placed on them through the player's calls, each pick
 * named by the match it is on, its market type and its side.
 */

/** A pick: the match (an index among the scheduled ones), the market type, the first or second selection. */
export interface SlipPick {
  match: number;
  type: taiqiu.MarketType;
  side: number;
}

export type Slip =
  | { kind: 'single'; legs: [SlipPick]; stake: number }
  | { kind: 'parlay'; legs: SlipPick[]; system: { sizes: number[] }; stake: number };

/** Feed matches scheduled (open for bets before their start), one per seed, with their streams to play on. */
export interface ScheduledMatches {
  streams: ReturnType<typeof matchStream>[];
  matchIds: number[];
  pages: taiqiu.MatchDetails[];
}

let refs = 0;

export async function scheduleMatches(
  t: TestApp,
  provider: TestFeed,
  seeds: number[],
  options: { bestOf: number; visits: [number, number] },
): Promise<ScheduledMatches> {
  const streams = seeds.map((seed) => {
    refs += 1;
    return matchStream(`slips-${process.pid}-${refs}`, new Date(t.clock.now().getTime() + 60_000), {
      ...options,
      seed,
    });
  });
  for (const s of streams) expect((await postEvents(t, provider, s.slice(0, 1))).status).toBe(200);
  const matchIds = await Promise.all(streams.map(async (s) => (await feedMatchRow(t, provider, s[0]!.match)).id));
  const pages = await Promise.all(matchIds.map((id) => matchPage(t, id)));
  return { streams, matchIds, pages };
}

/** Places the slip as the player, at the odds its picks show; it must be taken. Returns its answer and legs. */
export async function placeSlip(t: TestApp, player: TestPlayer, slip: Slip, { matchIds, pages }: ScheduledMatches) {
  const legs = slip.legs.map(({ match, type, side }) => {
    const market = pages[match]!.markets.find((m) => m.type === type)!;
    const sel = market.selections[side]!;
    return { matchId: matchIds[match]!, marketId: market.id, selectionId: sel.id, odds: sel.odds };
  });
  const res =
    slip.kind === 'single'
      ? await call(t.app, taiqiu.bet, { ...legs[0]!, stake: slip.stake }, { token: player.token })
      : await call(
          t.app,
          taiqiu.parlay,
          { legs, sizes: slip.system.sizes, unitStake: slip.stake },
          { token: player.token },
        );
  expect(res.code, res.msg).toBe(200);
  return { placed: res.data as { betNo: string; stake: number }, legs };
}
