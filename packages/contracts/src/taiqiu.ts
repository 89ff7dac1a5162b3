import { z } from 'zod';
import {
  clientRequestId,
  defineCall,
  envelope,
  isoTime,
  money,
  pageRequest,
  pageResult,
  positiveMoney,
} from './common.js';
import { str } from './fields.js';
import { MAX_LEGS } from './parlay.js';

/*
 * Billiards (台球) matches, markets and bets (docs/design.md §4, §8; docs/screens.md /home, /taiqiu/{id}).
 * Odds are decimal numbers with at most three places; stakes and returns are minor units.
 */

export const matchStatuses = ['scheduled', 'live', 'finished', 'cancelled'] as const;
export const matchStatus = z.enum(matchStatuses);
export type MatchStatus = z.infer<typeof matchStatus>;

/** List filter: live, upcoming (scheduled) or finished (finished and cancelled). */
export const matchFilter = z.enum(['live', 'upcoming', 'finished'], { error: 'invalid' });

/**
 * The book's market types (docs/design.md §9; rules on /taiqiuguize). On the match: 独赢 winner,
 * 让局 frame handicap, 大小 total frames, 单双 odd/even frames, 波胆 correct score, 抢N race to N
 * frames, 单杆过百 a century, 最高单杆 the highest break over/under. On one frame (`frame`): 局胜者
 * its winner, 局总分 its total points over/under, 单杆50+ a break of 50 or more.
 */
export const marketTypes = [
  'winner',
  'handicap',
  'total',
  'oddeven',
  'correct_score',
  'race_to',
  'frame_winner',
  'frame_points',
  'frame_fifty',
  'century',
  'high_break',
] as const;
export const marketType = z.enum(marketTypes);
export type MarketType = z.infer<typeof marketType>;

export const marketStatus = z.enum(['open', 'suspended', 'closed']);
export type MarketStatus = z.infer<typeof marketStatus>;

/**
 * What a selection backs: player a or b (winner, handicap, race, frame winner), over or under the
 * line (totals, frame points, highest break), odd or even frames, yes or no (a century, a 50+
 * break), or a final score "4:2" (correct score: a's frames, then b's).
 */
export const namedPicks = ['a', 'b', 'over', 'under', 'odd', 'even', 'yes', 'no'] as const;
export const pick = z
  .string()
  .regex(/^(a|b|over|under|odd|even|yes|no|\d{1,2}:\d{1,2})$/, 'invalid') as unknown as z.ZodType<
  (typeof namedPicks)[number] | `${number}:${number}`
>;
export type Pick = z.infer<typeof pick>;

/** Matches are best of an odd number of frames. */
export const BEST_OF = [5, 7, 9, 11] as const;

const threePlaces = (n: number) => Math.abs(n * 1000 - Math.round(n * 1000)) < 1e-6;

/** Decimal odds: more than 1, at most three decimal places. */
export const odds = z
  .number({ error: 'invalid_type' })
  .gt(1, 'odds.format')
  .max(1000, 'odds.format')
  .refine(threePlaces, 'odds.format');

const id = z
  .number({ error: 'invalid_type' })
  .int('invalid')
  .positive('invalid')
  .max(Number.MAX_SAFE_INTEGER, 'invalid');

export const player = z.object({
  name: z.string(),
  /** An SVG data URL. */
  avatar: z.string(),
});

export const score = z.object({ a: z.number().int(), b: z.number().int() });

/**
 * The frame being played, as the data feed tells it visit by visit: its number, its points, who
 * is at the table (null between visits' news or after the frame) and the break they are on.
 * Null when no frame is on: before the first, between frames, after the match.
 */
export const frameInPlay = z
  .object({
    number: z.number().int(),
    points: z.object({ a: z.number().int(), b: z.number().int() }),
    atTable: z.enum(['a', 'b']).nullable(),
    break: z.number().int(),
    /** Points still on the table: 147 less what has been potted (the book's own estimate, docs/design.md §9). */
    onTable: z.number().int(),
  })
  .nullable();
export type FrameInPlay = z.infer<typeof frameInPlay>;

export const matchItem = z.object({
  id: z.number().int(),
  playerA: player,
  playerB: player,
  bestOf: z.number().int(),
  startAt: isoTime,
  status: matchStatus,
  /** Frames won so far (final when finished). */
  score,
  frame: frameInPlay,
  /** Winner market odds for the home page, while that market is open or suspended; else null. */
  mainOdds: z.object({ marketId: z.number().int(), status: marketStatus, a: z.number(), b: z.number() }).nullable(),
  /**
   * Simulated matches are provably fair: SHA-256 (hex) of the match's server seed, committed when
   * the match is drawn, before it is open for bets. Null for matches the operator runs.
   */
  seedHash: z.string().nullable(),
  /** The server seed (64 hex characters) once the match has ended (finished or cancelled); null before. */
  serverSeed: z.string().nullable(),
});
export type MatchItem = z.infer<typeof matchItem>;

export const matches = defineCall({
  method: 'POST',
  path: '/taiqiu/matches',
  auth: false,
  request: pageRequest
    .extend({
      status: matchFilter.optional(),
      /**
       * true: only the matches the signed-in player starred, or in which a player they starred plays
       * (favouritesView); a guest has none, so an empty page.
       */
      favourites: z.boolean({ error: 'invalid_type' }).optional(),
    })
    .strict(),
  response: envelope(pageResult(matchItem)),
});

export const selection = z.object({
  id: z.number().int(),
  pick,
  /** In the request's language: a player's name, "大 7.5" / "Over 7.5", "单" / "Odd"… */
  name: z.string(),
  odds: z.number(),
});

export const market = z.object({
  id: z.number().int(),
  type: marketType,
  /** In the request's language: 独赢 / Winner… */
  name: z.string(),
  /**
   * handicap: frames given to player a (−1.5: a must win by 2 or more); total: the frames line;
   * race_to: N; frame_points, high_break: the points line.
   */
  line: z.number().optional(),
  /** Frame markets: the frame (1, 2, …) they are about. */
  frame: z.number().int().optional(),
  status: marketStatus,
  minStake: money,
  maxStake: money,
  selections: z.array(selection),
});
export type Market = z.infer<typeof market>;

/**
 * pending: a bet on a live match waiting out the match's acceptance delay, its stake held;
 * rejected: refused at the end of it (the stake back, the reason said). open until settled;
 * cashout: settled by a cash-out of its whole running stake (cashout.ts).
 */
export const betStatus = z.enum(['pending', 'open', 'won', 'lost', 'void', 'rejected', 'cashout']);
export type BetStatus = z.infer<typeof betStatus>;

/** One of the player's bets on the match page ("my bets on this match"). */
export const myBet = z.object({
  betNo: z.string(),
  marketId: z.number().int(),
  marketType,
  frame: z.number().int().nullable(),
  selectionId: z.number().int(),
  pick,
  selectionName: z.string(),
  line: z.number().nullable(),
  odds: z.number(),
  stake: money,
  /** floor(stake × odds). */
  potentialReturn: money,
  payout: money,
  status: betStatus,
  /** A rejected in-play bet: why (as taiqiu/bet's rejectedReason); else null. */
  rejectedReason: z.string().nullable(),
  createdAt: isoTime,
  settledAt: isoTime.nullable(),
});

/**
 * What verifies a simulated match's frames once its seed is revealed: the simulator's draw n
 * (n = 0, 1, …) is HMAC-SHA256(serverSeed as text, `${clientSeed}:${n}:0`); its first 4 bytes as a
 * big-endian integer / 2^32 below frameWinA gives the frame to player a, else to b. clientSeed is
 * `match:<id>`. Frames the operator sets (a score entered by hand) are not draws and not listed.
 */
export const fairness = z.object({
  clientSeed: z.string(),
  /** Chance that player a wins a frame, fixed when the match is drawn. */
  frameWinA: z.number(),
  /** Winners of the draws so far, in order. */
  frames: z.array(z.enum(['a', 'b'])),
});
export type Fairness = z.infer<typeof fairness>;

export const matchDetails = matchItem.extend({
  /** Set when finished. */
  winner: z.enum(['a', 'b']).nullable(),
  markets: z.array(market),
  /** The caller's bets on this match, newest first; present only when the call carries a session. */
  myBets: z.array(myBet).optional(),
  /** Null for matches the operator runs. */
  fairness: fairness.nullable(),
});
export type MatchDetails = z.infer<typeof matchDetails>;

/** Public; with a `token` header of a live session the answer also carries myBets. */
export const match = defineCall({
  method: 'POST',
  path: '/taiqiu/match',
  auth: false,
  request: z.object({ id }).strict(),
  response: envelope(matchDetails),
});

/**
 * Places a bet. `odds` is what the slip showed: if the selection's odds have moved, the bet is
 * refused (409 oddsChanged, data.currentOdds) unless acceptOddsChange, which takes the current
 * odds (returned). A market that is suspended or closed, or a match that has ended, is a 422.
 * `requestId` (the app's key of this bet): sent again, it answers with the bet it placed, as it is
 * now, whatever the match or market has become since; with another match, market, selection or
 * stake it is refused (409 betRequestReused).
 */
export const betRequest = z
  .object({
    matchId: id,
    marketId: id,
    selectionId: id,
    stake: positiveMoney,
    odds,
    acceptOddsChange: z.boolean({ error: 'invalid_type' }).optional(),
    requestId: clientRequestId.optional(),
  })
  .strict();

export const bet = defineCall({
  method: 'POST',
  path: '/taiqiu/bet',
  auth: true,
  request: betRequest,
  response: envelope(
    z.object({
      betNo: z.string(),
      status: betStatus,
      stake: money,
      odds: z.number(),
      potentialReturn: money,
      /** A pending bet: when it is decided (BET_UPDATED tells the player then). */
      acceptAt: isoTime.optional(),
      /** A rejected bet: why (oddsChanged, marketSuspended, marketClosed, matchNotOpen). */
      rejectedReason: z.string().optional(),
      /**
       * The stake asked, when the market's liability limit took less (`stake`, what fits); the
       * market is then suspended until a trader opens it.
       */
      askedStake: money.optional(),
    }),
  ),
});

/** The most legs a parlay takes (parlay.ts). */
export const PARLAY_MAX_LEGS = MAX_LEGS;

/**
 * The book's parlay rules (the operator sets them): the most legs a slip takes, the most a slip
 * may return (every leg won), and the market types a leg may be of.
 */
export const parlayRuleSet = z.object({
  maxLegs: z.number().int(),
  maxReturn: money,
  legTypes: z.array(marketType),
});
export type ParlayRuleSet = z.infer<typeof parlayRuleSet>;

/** Public: the parlay rules, for the slip to offer what may be placed. */
export const parlayRules = defineCall({
  method: 'POST',
  path: '/taiqiu/parlay/rules',
  auth: false,
  request: z.object({}).strict(),
  response: envelope(parlayRuleSet),
});

/** One leg of a parlay: a selection of a match, at the odds the slip showed. */
export const parlayLegRequest = z.object({ matchId: id, marketId: id, selectionId: id, odds }).strict();

/**
 * Places a parlay (串关): 2 to PARLAY_MAX_LEGS legs, each on another match, and its system:
 * `sizes`, the combination sizes it covers ([3] of three legs is 3串1, [2, 3] is 3串4: three
 * doubles and a treble), each combination staked `unitStake`; the slip's stake is unitStake ×
 * combinations. A leg's odds moved: 409 oddsChanged (data.field legs.N.odds, data.currentOdds)
 * unless acceptOddsChange. A leg on a live match makes the slip pending for the longest of its
 * legs' acceptance delays, each leg then decided as a single bet is (one refused refuses the
 * slip). Two legs of one match: 422 parlaySameMatch; more legs than the rules take: 422
 * parlayTooManyLegs; a leg of a market type the rules leave out: 422 parlayLegTypeOff; a
 * potential return above their maximum: 422 parlayReturnAboveMax. `requestId` as taiqiu/bet (the
 * same legs, system and unit stake, else 409 betRequestReused).
 */
export const parlayRequest = z
  .object({
    legs: z.array(parlayLegRequest).min(2, 'too_few').max(PARLAY_MAX_LEGS, 'too_many'),
    sizes: z
      .array(z.number({ error: 'invalid_type' }).int('invalid').min(2, 'too_small').max(PARLAY_MAX_LEGS, 'too_big'))
      .min(1, 'required')
      .max(PARLAY_MAX_LEGS - 1, 'too_many'),
    unitStake: positiveMoney,
    acceptOddsChange: z.boolean({ error: 'invalid_type' }).optional(),
    requestId: clientRequestId.optional(),
  })
  .strict();

/** A parlay's leg as the slip and the records show it. */
export const parlayLeg = z.object({
  matchId: z.number().int(),
  marketId: z.number().int(),
  selectionId: z.number().int(),
  /** The match, "A vs B". */
  gameName: z.string(),
  marketName: z.string(),
  selectionName: z.string(),
  odds: z.number(),
  /** The outcome the leg settles by once its selection is decided; null until then. */
  result: z.enum(['won', 'lost', 'void']).nullable(),
});
export type ParlayLeg = z.infer<typeof parlayLeg>;

/** A parlay slip: its system, its stakes, what it may return and its legs. */
export const parlaySlip = z.object({
  betNo: z.string(),
  status: betStatus,
  /** "3串4". */
  system: z.string(),
  sizes: z.array(z.number().int()),
  combinations: z.number().int(),
  unitStake: money,
  stake: money,
  /** Every leg won: the sum of every combination's return. */
  potentialReturn: money,
  legs: z.array(parlayLeg),
  /**
   * A result correction left the settled slip undecided (a lost leg now won, others still to
   * play): it keeps its settlement until they are decided, then the correction settles it again.
   */
  awaitingCorrection: z.boolean(),
});
export type ParlaySlip = z.infer<typeof parlaySlip>;

export const parlay = defineCall({
  method: 'POST',
  path: '/taiqiu/parlay',
  auth: true,
  request: parlayRequest,
  response: envelope(parlaySlip),
});

/**
 * What a pending bet takes when its odds move before it is decided: none (rejected unless
 * unchanged), better (accepted at the new odds if higher, else rejected), any (accepted at the new
 * odds). Kept per player; the default is none.
 */
export const oddsChange = z.enum(['none', 'better', 'any'], { error: 'invalid' });
export type OddsChange = z.infer<typeof oddsChange>;

export const preferences = defineCall({
  method: 'POST',
  path: '/taiqiu/preferences',
  auth: true,
  request: z.object({}).strict(),
  response: envelope(z.object({ oddsChange })),
});

export const preferencesSet = defineCall({
  method: 'POST',
  path: '/taiqiu/preferences/set',
  auth: true,
  request: z.object({ oddsChange }).strict(),
  response: envelope(z.object({ oddsChange })),
});

/** A visit to the table as the feed told it: its points, the break after it, and a foul's penalty to the other player (0 for none). */
export const visit = z.object({
  /** The feed's sequence number of the visit in its match. */
  seq: z.number().int(),
  frame: z.number().int(),
  player: z.enum(['a', 'b']),
  points: z.number().int(),
  break: z.number().int(),
  foul: z.number().int(),
});
export type Visit = z.infer<typeof visit>;

/** A frame played: its winner, its points (null when the feed did not tell them) and highest break (null when unknown). */
export const frameResult = z.object({
  number: z.number().int(),
  winner: z.enum(['a', 'b']),
  points: score.nullable(),
  highBreak: z.number().int().nullable(),
});
export type FrameResult = z.infer<typeof frameResult>;

/**
 * The two players' earlier meetings that finished, whichever side each was on then, told from
 * this match's sides: matches won, frames won, and the last five (newest first).
 */
export const headToHead = z.object({
  played: z.number().int(),
  wins: score,
  frames: score,
  last: z.array(z.object({ id: z.number().int(), startAt: isoTime, score, winner: z.enum(['a', 'b']) })),
});
export type HeadToHead = z.infer<typeof headToHead>;

export const trackerView = z.object({
  frames: z.array(frameResult),
  /** The match's last visits, up to 30, oldest first (the momentum and the break building). */
  visits: z.array(visit),
  headToHead,
});
export type TrackerView = z.infer<typeof trackerView>;

/** The live tracker's history of a match (public); MATCH_UPDATED carries each new visit. */
export const tracker = defineCall({
  method: 'POST',
  path: '/taiqiu/tracker',
  auth: false,
  request: z.object({ id }).strict(),
  response: envelope(trackerView),
});

/** The matches and players a player has starred (/home filters by them). */
export const favouritesView = z.object({ matches: z.array(z.number().int()), players: z.array(z.string()) });
export type FavouritesView = z.infer<typeof favouritesView>;

/** How many favourites a player may keep. */
export const MAX_FAVOURITES = 200;

export const favourites = defineCall({
  method: 'POST',
  path: '/taiqiu/favourites',
  auth: true,
  request: z.object({}).strict(),
  response: envelope(favouritesView),
});

/** Stars (on) or unstars a match or a player (by name, as the matches show it): exactly one of the two. */
export const favouriteSet = defineCall({
  method: 'POST',
  path: '/taiqiu/favourites/set',
  auth: true,
  request: z
    .object({
      matchId: id.optional(),
      player: str().trim().min(1).max(24).optional(),
      on: z.boolean({ error: 'invalid_type' }),
    })
    .strict()
    .refine((r) => (r.matchId === undefined) !== (r.player === undefined), { message: 'required', path: ['matchId'] }),
  response: envelope(favouritesView),
});

/** What MATCH_UPDATED carries of each market (names are the client's to render). */
export const liveMarket = z.object({
  id: z.number().int(),
  type: marketType,
  line: z.number().optional(),
  frame: z.number().int().optional(),
  status: marketStatus,
  selections: z.array(z.object({ id: z.number().int(), pick, odds: z.number() })),
});
