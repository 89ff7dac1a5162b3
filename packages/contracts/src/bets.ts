import { z } from 'zod';
import { str } from './fields.js';
import { cashoutRecord } from './cashout.js';
import { defineCall, envelope, isoTime, money, pageRequest, pageResult, timeRange } from './common.js';
import { betStatus, marketType, parlaySlip, pick } from './taiqiu.js';

/*
 * Bet records of every game type (docs/screens.md /user/touzhulogs, touzhuDetails, touzhutaiqiu).
 * Always the caller's own bets.
 */

export const gameTypes = ['taiqiu', 'slots', 'poker'] as const;
export const gameType = z.enum(gameTypes, { error: 'invalid' });
export type GameType = z.infer<typeof gameType>;

/** 未结算 open, 已结算 settled (won or lost), 已取消 void. */
export const betRecordFilter = z.enum(['open', 'settled', 'void'], { error: 'invalid' });

export const betRecordListRequest = pageRequest
  .extend({
    gameType: gameType.optional(),
    status: betRecordFilter.optional(),
    ...timeRange.shape,
  })
  .strict();

export const betRecord = z.object({
  betNo: z.string(),
  gameType,
  /** The game: for billiards the match, "A vs B". */
  gameName: z.string(),
  stake: money,
  /** 有效投注: set at settlement (0 while open and for void bets). */
  validBet: money,
  /** What was paid back: the return of a win, the stake of a void bet, 0 otherwise. */
  payout: money,
  status: betStatus,
  /** A rejected in-play bet: why (oddsChanged, marketSuspended, marketClosed, matchNotOpen); else null. */
  rejectedReason: z.string().nullable(),
  createdAt: isoTime,
  settledAt: isoTime.nullable(),
  /** Market and selection names as shown when the bet was placed (null for games without them). */
  marketName: z.string().nullable(),
  selectionName: z.string().nullable(),
  odds: z.number().nullable(),
  /** floor(stake × odds) for bets at odds (the stake still running, after cash-outs); else null. */
  potentialReturn: money.nullable(),
  /** The game's result once settled; billiards: the final frame score "a:b". */
  result: z.string().nullable(),
  /** Stake cashed out so far (提前结算), and what those cash-outs paid (counted in payout once settled). */
  cashoutStake: money,
  cashoutPaid: money,
});
export type BetRecord = z.infer<typeof betRecord>;

export const betSummary = z.object({
  count: z.number().int(),
  stake: money,
  validBet: money,
  payout: money,
  /** payout − stake over the settled and void bets of the filter (open bets are not counted). */
  winLoss: money,
});

export const betRecordList = defineCall({
  method: 'POST',
  path: '/user/betRecord/list',
  auth: true,
  request: betRecordListRequest,
  response: envelope(pageResult(betRecord).extend({ summary: betSummary })),
});

export const betRecordDetails = defineCall({
  method: 'POST',
  path: '/user/betRecord/details',
  auth: true,
  request: z.object({ betNo: str().min(1, 'required').max(32, 'too_long') }).strict(),
  response: envelope(
    betRecord.extend({
      /** The round: for billiards the match id. */
      roundId: z.string(),
      /** The round as a reader knows it: billiards, the match "A vs B" and its start. */
      round: z.object({ title: z.string(), startAt: isoTime.nullable() }).nullable(),
      marketType: marketType.nullable(),
      pick: pick.nullable(),
      line: z.number().nullable(),
      /** payout − stake once settled; null while open. */
      winLoss: money.nullable(),
      /** A provider game's win above its limit, waiting for an operator: not in payout until released. */
      heldPayout: money,
      /** A billiards parlay (串关): its system, stakes and legs, each leg with its own outcome; else null. */
      parlay: parlaySlip.omit({ betNo: true, status: true, stake: true }).nullable(),
      /** The bet's cash-outs, oldest first. */
      cashouts: z.array(cashoutRecord),
    }),
  ),
});
