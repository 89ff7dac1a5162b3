import { and, eq, inArray } from 'drizzle-orm';
import { ErrorCode, parlay, type taiqiuAdmin } from '@breakshot/contracts';
import { AppError } from '../../../platform/errors.js';
import type { Conn, Tx } from '../../../platform/db.js';
import {
  resettlementOf,
  settledBetsByIds,
  settledBetsOfSelections,
  type BetRow,
  type Resettled,
} from '../../bets/service.js';
import { parlaysOf } from '../parlay/slips.js';
import { markets, matches, parlayLegs, selections, type CorrectedMarket, type MatchRow } from '../tables.js';

/*
 * What a correction does (docs/design.md §9, "Result corrections"), nothing written: the
 * selections it re-decides, checked against the book, and each bet on them settled again. A
 * single takes its selection's new outcome; a parlay its legs' outcomes then. A bet sold in full
 * is left, as is a slip still running (its legs take the outcome). A settled slip the correction
 * would leave undecided (a lost leg won, others still to play) waits: it keeps its settlement
 * until its other legs are decided, and the correction settles it again then (waits.ts). It is
 * not reopened: its settlement would then be a first one again, which every count keyed by the
 * bet (rebate, VIP, the task) would skip as already counted.
 */

export interface CorrectionPlan {
  match: MatchRow;
  markets: CorrectedMarket[];
  /** Every re-settled bet, by player then bet, the order the ledger takes them in. */
  bets: Resettled[];
  /** Settled slips left undecided: they wait for their other legs. */
  waiting: BetRow[];
}

type Outcome = 'won' | 'lost' | 'void';

/** A market and the outcome each of its selections should have. */
export interface WantedMarket {
  marketId: number;
  results: Map<number, Outcome>;
}

/** An operator's request as wanted markets. */
export const wantedOf = (markets: taiqiuAdmin.CorrectionRequest['markets']): WantedMarket[] =>
  markets.map((m) => ({ marketId: m.marketId, results: new Map(m.results.map((r) => [r.selectionId, r.result])) }));

/** A stored correction's markets as wanted again (a pending one, approved). */
export const wantedAgain = (markets: CorrectedMarket[]): WantedMarket[] =>
  markets.map((m) => ({ marketId: m.marketId, results: new Map(m.selections.map((s) => [s.selectionId, s.after])) }));

/** Reads the wanted outcomes against the book (`lock`: the match locked until commit, as a correction applies). */
export async function planCorrection(
  db: Conn | Tx,
  matchId: number,
  wanted: WantedMarket[],
  lock = false,
): Promise<CorrectionPlan> {
  const matchQuery = db.select().from(matches).where(eq(matches.id, matchId));
  const [match] = lock ? await matchQuery.for('update') : await matchQuery;
  if (!match) throw new AppError(ErrorCode.NOT_FOUND, 'matchNotFound');
  const marketIds = wanted.map((m) => m.marketId);
  const found = await db
    .select({ id: markets.id })
    .from(markets)
    .where(and(eq(markets.matchId, match.id), inArray(markets.id, marketIds)));
  if (found.length !== new Set(marketIds).size || found.length !== marketIds.length) {
    throw new AppError(ErrorCode.NOT_FOUND, 'marketNotFound');
  }
  const rows = await db.select().from(selections).where(inArray(selections.marketId, marketIds));
  const corrected = wanted.map(({ marketId, results }) => correctedMarket(marketId, results, rows));
  if (!corrected.some((m) => m.selections.some((s) => s.before !== s.after))) {
    throw new AppError(ErrorCode.BAD_REQUEST, 'correctionNoChange');
  }
  const outcomeOf = new Map(
    corrected.flatMap((m) => m.selections.filter((s) => s.before !== s.after).map((s) => [s.selectionId, s.after])),
  );
  const parlays = await parlaysResettled(db, outcomeOf);
  const bets = [...(await singlesOf(db, match.id, outcomeOf)), ...parlays.resettled];
  bets.sort((x, y) => x.bet.userId - y.bet.userId || x.bet.id - y.bet.id);
  return { match, markets: corrected, bets, waiting: parlays.waiting };
}

/** The market's selections before and after: every one named once, each decided and settled. */
function correctedMarket(
  marketId: number,
  results: Map<number, Outcome>,
  rows: (typeof selections.$inferSelect)[],
): CorrectedMarket {
  const own = rows.filter((s) => s.marketId === marketId);
  if (own.length !== results.size || own.some((s) => !results.has(s.id))) {
    throw new AppError(ErrorCode.BAD_REQUEST, 'correctionSelections', undefined, { field: 'markets' });
  }
  if (own.some((s) => s.result === null || !s.settled)) throw new AppError(ErrorCode.CONFLICT, 'marketNotSettled');
  return {
    marketId,
    selections: own.map((s) => ({ selectionId: s.id, before: s.result!, after: results.get(s.id)! })),
  };
}

/** Settled singles on the changed selections, each with its selection's new outcome. */
async function singlesOf(db: Conn, matchId: number, outcomeOf: Map<number, Outcome>): Promise<Resettled[]> {
  const rows = await settledBetsOfSelections(db, matchId, [...outcomeOf.keys()]);
  return rows.map((bet) => resettlementOf({ bet, outcome: outcomeOf.get(bet.selectionId!)! }));
}

/**
 * Settled slips with a leg on a changed selection, each settled on its legs' outcomes then; those
 * the outcomes leave undecided, waiting.
 */
async function parlaysResettled(
  db: Conn,
  outcomeOf: Map<number, Outcome>,
): Promise<{ resettled: Resettled[]; waiting: BetRow[] }> {
  const legs = await db
    .selectDistinct({ betId: parlayLegs.betId })
    .from(parlayLegs)
    .where(inArray(parlayLegs.selectionId, [...outcomeOf.keys()]));
  const rows = await settledBetsByIds(
    db,
    legs.map((l) => l.betId),
  );
  const slips = await slipsSettledAgain(db, rows, (l) => outcomeOf.get(l.selectionId) ?? l.result);
  return {
    resettled: slips.flatMap((s) => (s.resettled ? [s.resettled] : [])),
    waiting: slips.flatMap((s) => (s.resettled ? [] : [s.bet])),
  };
}

/** Settled slips settled again on their legs' outcomes as `resultOf` reads them; undecided ones: none. */
export async function slipsSettledAgain(
  db: Conn,
  rows: BetRow[],
  resultOf: (leg: { selectionId: number; result: Outcome | null }) => Outcome | null,
): Promise<{ bet: BetRow; resettled: Resettled | null }[]> {
  if (rows.length === 0) return [];
  const slips = await parlaysOf(
    db,
    rows.map((b) => b.id),
  );
  return rows.map((bet) => {
    const { parlay: slip, legs } = slips.get(bet.id)!;
    const legResults = legs.map((l) => ({ oddsMilli: l.oddsMilli, result: resultOf(l) }));
    const settled = parlay.settleSlip(slip.unitStake, legResults, slip.sizes);
    return { bet, resettled: settled && resettlementOf({ bet, outcome: settled.outcome, figures: settled }) };
  });
}
