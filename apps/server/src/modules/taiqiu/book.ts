import { sql } from 'drizzle-orm';
import type { taiqiu } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import { queryRows, type Tx } from '../../platform/db.js';
import { bookStateOf, framesOf } from './book-state.js';
import { DEFAULT_MARGIN_BP, KINDS, frameMarketKeys, framesOnOffer, readingOf } from './book/kinds.js';
import type { Reading } from './book/kind.js';
import { isShort, oddsOf } from './book/odds.js';
import { isEnded, isLive, type MarketKey, type Outcome } from './book/state.js';
import {
  DEFAULT_MAX_STAKE,
  DEFAULT_MIN_STAKE,
  loadMatch,
  publishState,
  type MarketWithSelections,
  type MatchState,
} from './matches.js';
import { markets, selections, type MatchRow } from './tables.js';

/*
 * The book after every change to a match (a feed event, the operator's score or settings): every
 * market not closed gets the outcomes the match has made certain and, for the rest, odds from the
 * model with its type's margin; the frame markets of the frame in play and the next are opened;
 * each market is open only while it may be bet on (docs/design.md §9). Call it with the match and
 * its markets locked (loadMatch(…, true)): bets share-lock them, so none is taken at a price being
 * moved. Returns whether some selection got its outcome (its bets are then to be settled). `visit`:
 * the feed's visit that made the change, told to pages with it.
 */
export async function refreshBook(tx: Tx, ctx: AppContext, matchId: number, visit?: taiqiu.Visit): Promise<boolean> {
  let state = (await loadMatch(tx, matchId, true))!;
  const played = await framesOf(tx, matchId);
  const s = bookStateOf(state.match, played);
  if (!isEnded(s) && isLive(s.bestOf, s.score) && (await openFrameMarkets(tx, state.match, state.markets, s))) {
    state = (await loadMatch(tx, matchId, true))!;
  }
  const reading = readingOf(s);
  const changes: Changes = { odds: [], results: [], status: [] };
  for (const market of state.markets) {
    if (market.status === 'closed') continue;
    reviewMarket(reading, state.match, market, changes);
  }
  await writeChanges(tx, changes);
  await publishState(tx, ctx, applied(state, changes), visit);
  return changes.results.length > 0;
}

/** The match's markets as `changes` leaves them: what was just written, without reading it again. */
function applied(state: MatchState, c: Changes): MatchState {
  const odds = new Map(c.odds);
  const results = new Map(c.results);
  const status = new Map(c.status);
  return {
    match: state.match,
    markets: state.markets.map((m) => ({
      ...m,
      status: status.get(m.id) ?? m.status,
      selections: m.selections.map((sel) => ({
        ...sel,
        oddsMilli: odds.get(sel.id) ?? sel.oddsMilli,
        result: results.get(sel.id) ?? sel.result,
      })),
    })),
  };
}

/** What refreshBook writes, by selection or market id. */
interface Changes {
  odds: [number, number][];
  results: [number, Outcome][];
  status: [number, MarketWithSelections['status']][];
}

/** One market's new outcomes, odds and status into `changes`. */
function reviewMarket(r: Reading, m: MatchRow, market: MarketWithSelections, changes: Changes): void {
  const kind = KINDS[market.type];
  const key: MarketKey = { type: market.type, line: market.line, frame: market.frame };
  const certain = kind.certain(r, key);
  // An abandoned match voids what it has not decided.
  const outcomeOf = (pick: taiqiu.Pick) => certain[pick] ?? (r.s.status === 'cancelled' ? 'void' : undefined);
  let undecided = 0;
  for (const sel of market.selections) {
    if (sel.result !== null) continue;
    const outcome = outcomeOf(sel.pick);
    if (outcome) changes.results.push([sel.id, outcome]);
    else undecided += 1;
  }
  if (undecided === 0) {
    changes.status.push([market.id, 'closed']);
    return;
  }
  const chances = kind.chances(r, key);
  const odds = oddsOf(chances, marginOf(m, market.type));
  for (const sel of market.selections) {
    const next = odds[sel.pick];
    if (sel.result !== null || outcomeOf(sel.pick) || sel.oddsFixed || next === undefined) continue;
    if (next !== sel.oddsMilli) changes.odds.push([sel.id, next]);
  }
  const open = takesBets(m) && !market.held && !m.marketSettings[market.type]?.off && !isShort(chances);
  const status = open ? 'open' : 'suspended';
  if (status !== market.status) changes.status.push([market.id, status]);
}

/** The match may be bet on: to be played or a frame on, and the feed holding nothing. */
const takesBets = (m: MatchRow) =>
  (m.status === 'scheduled' || m.status === 'live') &&
  m.feedState === 'ok' &&
  m.phase !== 'break' &&
  isLive(m.bestOf, { a: m.scoreA, b: m.scoreB });

export const marginOf = (m: MatchRow, type: taiqiu.MarketType) =>
  m.marketSettings[type]?.marginBp ?? DEFAULT_MARGIN_BP[type];

/** Adds the frame markets of the frames on offer that the match does not have yet; whether it added any. */
async function openFrameMarkets(
  tx: Tx,
  m: MatchRow,
  existing: MarketWithSelections[],
  s: ReturnType<typeof bookStateOf>,
): Promise<boolean> {
  const has = new Set(existing.map((k) => `${k.type}:${k.frame ?? 0}`));
  const wanted = framesOnOffer(s)
    .flatMap(frameMarketKeys)
    .filter((k) => !has.has(`${k.type}:${k.frame}`));
  const limits = existing[0] ?? null;
  for (const key of wanted) await insertMarket(tx, m, key, limits);
  return wanted.length > 0;
}

/** Writes the outcomes, odds and statuses, a statement each. */
async function writeChanges(tx: Tx, c: Changes): Promise<void> {
  if (c.results.length > 0) {
    await queryRows(
      tx,
      sql`UPDATE taiqiu_selections s SET result = v.result FROM (VALUES ${sql.join(
        c.results.map(([id, outcome]) => sql`(${id}::bigint, ${outcome}::text)`),
        sql`, `,
      )}) AS v(id, result) WHERE s.id = v.id`,
    );
  }
  if (c.odds.length > 0) {
    await queryRows(
      tx,
      sql`UPDATE taiqiu_selections s SET odds_milli = v.odds FROM (VALUES ${sql.join(
        c.odds.map(([id, odds]) => sql`(${id}::bigint, ${odds}::integer)`),
        sql`, `,
      )}) AS v(id, odds) WHERE s.id = v.id`,
    );
  }
  if (c.status.length > 0) {
    await queryRows(
      tx,
      sql`UPDATE taiqiu_markets m SET status = v.status FROM (VALUES ${sql.join(
        c.status.map(([id, status]) => sql`(${id}::bigint, ${status}::text)`),
        sql`, `,
      )}) AS v(id, status) WHERE m.id = v.id`,
    );
  }
}

/**
 * A market of the match with its selections, at even odds until the book prices it (book.ts
 * refreshBook, in the same transaction). Stake limits as `limits` (another market of the match).
 */
export async function insertMarket(
  tx: Tx,
  m: MatchRow,
  key: MarketKey,
  limits: { minStake: number; maxStake: number } | null,
): Promise<void> {
  const [market] = await tx
    .insert(markets)
    .values({
      matchId: m.id,
      type: key.type,
      line: key.line,
      frame: key.frame,
      status: 'suspended',
      minStake: limits?.minStake ?? DEFAULT_MIN_STAKE,
      maxStake: limits?.maxStake ?? DEFAULT_MAX_STAKE,
    })
    .returning({ id: markets.id });
  if (!market) throw new Error('market insert returned no row');
  await tx
    .insert(selections)
    .values(KINDS[key.type].picks(m.bestOf).map((pick) => ({ marketId: market.id, pick, oddsMilli: 2_000 })));
}
