import { z } from 'zod';
import { operatorReason as reason, type AdminCall } from './operator-calls.js';
import { envelope, isoTime, pageRequest, pageResult } from './common.js';
import { betStatus } from './taiqiu.js';

/*
 * Result corrections (docs/design.md §9, "Result corrections"): risk re-decides the selections of
 * settled markets of a match with a reason; every bet on them is re-settled through the ledger.
 * Above the book's amount (trading rules) a second operator approves before anything moves.
 */

const call = <Req extends z.ZodType, Res extends z.ZodType>(c: Omit<AdminCall<Req, Res>, 'roles'>) =>
  ({ ...c, roles: ['risk'] }) satisfies AdminCall<Req, Res>;

const id = z
  .number({ error: 'invalid_type' })
  .int('invalid')
  .positive('invalid')
  .max(Number.MAX_SAFE_INTEGER, 'invalid');

export const selectionOutcome = z.enum(['won', 'lost', 'void']);
export type SelectionOutcome = z.infer<typeof selectionOutcome>;

/** A market's selections with the outcome each should have had: every selection of the market, once. */
export const correctedMarket = z.strictObject({
  marketId: id,
  results: z
    .array(z.strictObject({ selectionId: id, result: selectionOutcome }))
    .min(1, 'too_small')
    .max(40, 'too_big'),
});

/** One correction: markets of one match, each settled before. */
export const correctionRequest = z.strictObject({
  matchId: id,
  markets: z.array(correctedMarket).min(1, 'too_small').max(100, 'too_big'),
});
export type CorrectionRequest = z.output<typeof correctionRequest>;

/** A bet whose payout the correction changes, as the preview and the log show it. */
export const correctionLine = z.object({
  betNo: z.string(),
  username: z.string(),
  kind: z.enum(['single', 'parlay']),
  stake: z.number().int(),
  before: z.object({ status: betStatus, payout: z.number().int() }),
  after: z.object({ status: betStatus, payout: z.number().int() }),
  /** What moves to the player (+) or back to the house (−). */
  difference: z.number().int(),
  /** What the player's cash does not cover of a reversal: owed from their next deposits. */
  debt: z.number().int(),
});
export type CorrectionLine = z.infer<typeof correctionLine>;

/** The money a correction moves, and the bets it touches. */
export const correctionFigures = z.object({
  /** Bets on the corrected selections re-settled (those whose payout does not change included). */
  bets: z.number().int(),
  /** Bets whose payout changes. */
  changed: z.number().int(),
  /** What the house pays players more. */
  toPlayers: z.number().int(),
  /** What the house takes back from players (debts included). */
  fromPlayers: z.number().int(),
  /** Of that, what players' cash does not cover. */
  debts: z.number().int(),
  debtors: z.number().int(),
  /**
   * Settled parlays the correction leaves undecided (a lost leg won, others still to play): they
   * keep their settlement until their other legs are decided, then the correction settles them again.
   */
  waiting: z.number().int(),
});
export type CorrectionFigures = z.infer<typeof correctionFigures>;

/** A selection's outcome before and after, by its name on the market. */
export const correctedSelection = z.object({
  selectionId: z.number().int(),
  name: z.string(),
  before: selectionOutcome,
  after: selectionOutcome,
});

export const correctionMarketItem = z.object({
  marketId: z.number().int(),
  marketName: z.string(),
  selections: z.array(correctedSelection),
});

export const correctionStatus = z.enum(['pending', 'applied', 'rejected']);
export type CorrectionStatus = z.infer<typeof correctionStatus>;

/** A correction in the log. */
export const correctionItem = correctionFigures.extend({
  id: z.number().int(),
  matchId: z.number().int(),
  /** "A vs B" */
  matchName: z.string(),
  markets: z.array(correctionMarketItem),
  reason: z.string(),
  status: correctionStatus,
  createdBy: z.string(),
  createdAt: isoTime,
  /** Who approved it (the same operator when no second was needed) or rejected it. */
  decidedBy: z.string().nullable(),
  decidedAt: isoTime.nullable(),
  rejectReason: z.string().nullable(),
});
export type CorrectionItem = z.infer<typeof correctionItem>;

/** Bets listed by a preview, at most. */
export const PREVIEW_LINES = 100;

/** What the correction would do, nothing moved: the figures, whether a second operator must approve, the bets it changes. */
export const correctionPreview = call({
  path: '/taiqiu/correction/preview',
  request: correctionRequest,
  response: envelope(
    correctionFigures.extend({
      markets: z.array(correctionMarketItem),
      needsSecond: z.boolean(),
      lines: z.array(correctionLine),
    }),
  ),
});

/** Makes the correction: applied at once, or pending a second operator when its money is above the book's amount. */
export const correctionCreate = call({
  path: '/taiqiu/correction/create',
  request: correctionRequest.extend({ reason }),
  response: envelope(correctionItem),
});

/** A second operator (not the one who made it) applies a pending correction. */
export const correctionApprove = call({
  path: '/taiqiu/correction/approve',
  request: z.strictObject({ id }),
  response: envelope(correctionItem),
});

export const correctionReject = call({
  path: '/taiqiu/correction/reject',
  request: z.strictObject({ id, reason }),
  response: envelope(correctionItem),
});

/** The corrections log, newest first: of a match, of a status. */
export const corrections = call({
  path: '/taiqiu/corrections',
  request: pageRequest.extend({ matchId: id.optional(), status: correctionStatus.optional() }).strict(),
  response: envelope(pageResult(correctionItem)),
});

/** The bets a correction re-settled, each with its payout before and after. */
export const correctionBets = call({
  path: '/taiqiu/correction/bets',
  request: pageRequest.extend({ id }).strict(),
  response: envelope(pageResult(correctionLine)),
});
