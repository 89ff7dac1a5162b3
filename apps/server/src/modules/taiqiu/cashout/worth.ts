import { eq, inArray } from 'drizzle-orm';
import { parlay, type cashout } from '@breakshot/contracts';
import type { Conn } from '../../../platform/db.js';
import type { ValuedBet } from '../../bets/service.js';
import { bookStateOf } from '../book-state.js';
import type { Reading } from '../book/kind.js';
import { KINDS, readingOf } from '../book/kinds.js';
import { PARLAY_ROUND, parlaysOf } from '../parlay/slips.js';
import { frames, markets, matches, selections, type FrameRow, type MatchRow } from '../tables.js';
import { fairReturn, valueOf, type LegNow, type Terms } from './value.js';

/*
 * Bets' cash-out values from the rows as they are (value.ts has the arithmetic): their legs'
 * selections, markets and matches read once for all the bets, each match's state read once.
 */

/** A bet's cash-out now: its value for the whole running stake, or why there is none. */
export interface Worth {
  runningStake: number;
  value: number | null;
  unavailable: cashout.UnavailableReason | null;
}

/** A leg of a bet: its selection and the odds it was taken at; a parlay leg's outcome once set. */
interface Leg {
  selectionId: number;
  oddsMilli: number;
  result: 'won' | 'lost' | 'void' | null;
}

/** What a selection stands at: its outcome, its market's status, its match's switch, its fair chances. */
interface SelectionNow {
  result: 'won' | 'lost' | 'void' | null;
  marketOpen: boolean;
  cashoutOff: boolean;
  win: number;
  void: number;
}

/** The bets' worths by bet id (open or pending billiards bets; `marginBp`: the cash-out margin). */
export async function worthsOf(db: Conn, bets: ValuedBet[], marginBp: number): Promise<Map<number, Worth>> {
  const slips = await parlaysOf(
    db,
    bets.filter((b) => b.roundId === PARLAY_ROUND).map((b) => b.id),
  );
  const betLegs = new Map<number, { terms: Terms; legs: Leg[] }>();
  for (const bet of bets) {
    const slip = slips.get(bet.id);
    if (slip) {
      betLegs.set(bet.id, {
        terms: { kind: 'parlay', unit: slip.parlay.unitStake, sizes: slip.parlay.sizes },
        legs: slip.legs.map((l) => ({ selectionId: l.selectionId, oddsMilli: l.oddsMilli, result: l.result })),
      });
    } else if (bet.selectionId !== null && bet.oddsMilli !== null) {
      betLegs.set(bet.id, {
        terms: { kind: 'single', stake: bet.stake },
        legs: [{ selectionId: bet.selectionId, oddsMilli: bet.oddsMilli, result: null }],
      });
    }
  }
  const now = await selectionsNow(
    db,
    [...betLegs.values()].flatMap((b) => b.legs.map((l) => l.selectionId)),
  );
  const worths = new Map<number, Worth>();
  for (const bet of bets) {
    const held = betLegs.get(bet.id);
    const runningStake = bet.stake - bet.cashoutStake;
    const unavailable = (reason: cashout.UnavailableReason): Worth => ({
      runningStake,
      value: null,
      unavailable: reason,
    });
    if (bet.status !== 'open') {
      worths.set(bet.id, unavailable(bet.status === 'pending' ? 'pending' : 'settled'));
      continue;
    }
    if (!held) {
      worths.set(bet.id, unavailable('none'));
      continue;
    }
    worths.set(
      bet.id,
      worthOfLegs(held.terms, held.legs, now, bet.stake, runningStake, marginBp) ?? unavailable('none'),
    );
  }
  return worths;
}

function worthOfLegs(
  terms: Terms,
  legs: Leg[],
  now: Map<number, SelectionNow>,
  stake: number,
  runningStake: number,
  marginBp: number,
): Worth | null {
  const unavailable = (reason: cashout.UnavailableReason): Worth => ({
    runningStake,
    value: null,
    unavailable: reason,
  });
  const legsNow: LegNow[] = [];
  for (const leg of legs) {
    const sel = now.get(leg.selectionId);
    if (!sel) return null;
    const result = leg.result ?? sel.result;
    if (result !== null) {
      legsNow.push({ oddsMilli: leg.oddsMilli, result });
      continue;
    }
    if (sel.cashoutOff) return unavailable('off');
    if (!sel.marketOpen) return unavailable('suspended');
    legsNow.push({ oddsMilli: leg.oddsMilli, result: null, win: sel.win, void: sel.void });
  }
  if (isDecided(terms, legsNow)) return unavailable('settling');
  const value = valueOf(fairReturn(terms, legsNow), stake, runningStake, marginBp);
  return value > 0 ? { runningStake, value, unavailable: null } : null;
}

/** The bet's outcome is known already: its settlement is on its way. */
function isDecided(terms: Terms, legs: LegNow[]): boolean {
  if (terms.kind === 'single') return legs[0]!.result !== null;
  return parlay.settleSlip(terms.unit, legs, terms.sizes) !== null;
}

/** The selections as they stand, their fair chances from their matches' states. */
async function selectionsNow(db: Conn, ids: number[]): Promise<Map<number, SelectionNow>> {
  const found = new Map<number, SelectionNow>();
  if (ids.length === 0) return found;
  const rows = await db
    .select({ sel: selections, market: markets, match: matches })
    .from(selections)
    .innerJoin(markets, eq(markets.id, selections.marketId))
    .innerJoin(matches, eq(matches.id, markets.matchId))
    .where(inArray(selections.id, [...new Set(ids)]));
  const readings = await readingsOf(
    db,
    rows.filter((r) => r.sel.result === null).map((r) => r.match),
  );
  for (const { sel, market, match } of rows) {
    const reading = readings.get(match.id);
    const chances =
      sel.result === null && reading
        ? KINDS[market.type].chances(reading, { type: market.type, line: market.line, frame: market.frame })
        : { win: {}, void: 0 };
    found.set(sel.id, {
      result: sel.result,
      marketOpen: market.status === 'open',
      cashoutOff: match.cashoutOff,
      win: chances.win[sel.pick] ?? 0,
      void: chances.void,
    });
  }
  return found;
}

/** Each match's state as the book reads it, its frames read in one query. */
async function readingsOf(db: Conn, list: MatchRow[]): Promise<Map<number, Reading>> {
  const byId = new Map(list.map((m) => [m.id, m]));
  const readings = new Map<number, Reading>();
  if (byId.size === 0) return readings;
  const played = await db
    .select()
    .from(frames)
    .where(inArray(frames.matchId, [...byId.keys()]))
    .orderBy(frames.matchId, frames.frame);
  const framesOf = new Map<number, FrameRow[]>();
  for (const f of played) framesOf.set(f.matchId, [...(framesOf.get(f.matchId) ?? []), f]);
  for (const [id, m] of byId) readings.set(id, readingOf(bookStateOf(m, framesOf.get(id) ?? [])));
  return readings;
}
