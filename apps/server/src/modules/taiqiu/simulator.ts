import { randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db.js';
import { newCommitment } from '../../platform/fair.js';
import { runJob, type Job } from '../../platform/scheduler.js';
import { drawnWinner, seedOf } from './fairness.js';
import { createMatch, loadMatch, publishMatch, repriceMatch, setMarketsSuspended } from './matches.js';
import { isFinal } from './pricing.js';
import { finishMatch } from './settlement.js';
import { matches, type MatchRow } from './tables.js';

/*
 * Demo mode: keeps a schedule of upcoming matches, starts them on time, plays them frame by
 * frame, moves the odds with the score, suspends the markets for a moment at every frame's end,
 * and finishes and settles each match. Each step is one transaction under an advisory lock, so
 * with many instances one plays. Frame winners come from each match's committed seed
 * (fairness.ts); line-ups, start gaps and frame lengths, public anyway, from crypto randomness.
 */

export interface SimulatorOptions {
  /** Upcoming matches to keep scheduled. */
  upcoming: number;
  /** Matches already live when the schedule starts empty. */
  liveAtStart: number;
  /** A frame lasts between these, in ms. */
  frameMs: [number, number];
  /** Markets stay suspended this long after a frame ends, in ms. */
  breakMs: number;
  /** Time between the starts of consecutive matches, in ms. */
  gapMs: [number, number];
  /** How often the scheduler steps the simulator, in ms. */
  tickMs: number;
}

export const DEFAULT_SIMULATOR: SimulatorOptions = {
  upcoming: 6,
  liveAtStart: 2,
  frameMs: [20_000, 40_000],
  breakMs: 5_000,
  gapMs: [150_000, 300_000],
  tickMs: 1_000,
};

/** Advisory lock of the job: the instance holding it simulates. */
const SIMULATOR_LOCK = 7_204_812;

const FAMILY = [
  '林',
  '陈',
  '王',
  '赵',
  '周',
  '吴',
  '郑',
  '孙',
  '李',
  '黄',
  '何',
  '高',
  '罗',
  '梁',
  '宋',
  '谢',
  '韩',
  '唐',
];
const GIVEN = [
  '浩然',
  '子轩',
  '一鸣',
  '天宇',
  '思远',
  '俊杰',
  '博文',
  '嘉豪',
  '明轩',
  '志强',
  '家乐',
  '远航',
  '晨阳',
  '子健',
  '文博',
  '宇航',
  '立诚',
  '景行',
];
const BEST_OF_DRAW = [5, 7, 7, 9, 9, 11];

/**
 * The simulator as a scheduler job: every tickMs, in one transaction under the job's advisory
 * lock, it fills an empty schedule, starts matches that are due, moves every live match whose
 * next moment has come, and tops up the upcoming matches.
 */
export function simulatorJob(ctx: AppContext, options: SimulatorOptions = DEFAULT_SIMULATOR): Job {
  return {
    name: 'taiqiu-simulator',
    everyMs: options.tickMs,
    lockKey: SIMULATOR_LOCK,
    run: (tx, now) => simulate(tx, ctx, options, now),
  };
}

/** One step at ctx.now() (tests move the clock and step); false when another instance holds the lock. */
export function simulatorStep(ctx: AppContext, options: SimulatorOptions = DEFAULT_SIMULATOR): Promise<boolean> {
  return runJob(ctx.db, simulatorJob(ctx, options), ctx.now());
}

async function simulate(tx: Tx, ctx: AppContext, options: SimulatorOptions, now: Date): Promise<void> {
  const [existing] = await tx.select({ n: count() }).from(matches).where(eq(matches.simulated, true));
  if (!existing?.n) {
    for (let i = 0; i < options.liveAtStart; i += 1) {
      const match = await drawMatch(tx, ctx, now);
      await startMatch(tx, ctx, match, options, now);
      // The first one is a little way in already.
      if (i === 0) await playFrame(tx, ctx, match.id, options, now);
    }
  }
  const due = await tx
    .select()
    .from(matches)
    .where(and(eq(matches.simulated, true), eq(matches.status, 'scheduled'), lte(matches.startAt, now)));
  for (const match of due) await startMatch(tx, ctx, match, options, now);
  const moving = await tx
    .select()
    .from(matches)
    .where(
      and(
        eq(matches.simulated, true),
        eq(matches.status, 'live'),
        or(
          isNull(matches.nextStepAt),
          lte(matches.nextStepAt, now),
          // Further ahead than any step is ever set: the clock went back since (NTP, a test's
          // clock); waiting for it would hold the markets suspended that long.
          gt(matches.nextStepAt, new Date(now.getTime() + longestStep(options))),
        ),
      ),
    )
    .orderBy(matches.id);
  for (const match of moving) {
    // A match the operator put live (by setting a score) is picked up from its score.
    if (match.phase === null) await startMatch(tx, ctx, match, options, now);
    else if (match.phase === 'frame') await endFrame(tx, ctx, match, options, now);
    else await playFrame(tx, ctx, match.id, options, now);
  }
  await topUp(tx, ctx, options, now);
}

/** A new match: players, best of and strengths at random, and its own commitment. */
function drawMatch(tx: Tx, ctx: AppContext, startAt: Date): Promise<MatchRow> {
  const pickName = () => `${FAMILY[randomInt(FAMILY.length)]}${GIVEN[randomInt(GIVEN.length)]}`;
  const playerA = pickName();
  let playerB = pickName();
  while (playerB === playerA) playerB = pickName();
  return createMatch(tx, ctx, {
    playerA,
    playerB,
    bestOf: BEST_OF_DRAW[randomInt(BEST_OF_DRAW.length)]!,
    startAt,
    // 0.40 – 0.60
    frameWinA: randomInt(40, 61) / 100,
    commitment: newCommitment(),
  });
}

async function topUp(tx: Tx, ctx: AppContext, options: SimulatorOptions, now: Date): Promise<void> {
  const upcoming = await tx
    .select({ startAt: matches.startAt })
    .from(matches)
    .where(and(eq(matches.simulated, true), eq(matches.status, 'scheduled')))
    .orderBy(desc(matches.startAt));
  let last = upcoming[0]?.startAt.getTime() ?? now.getTime();
  for (let n = upcoming.length; n < options.upcoming; n += 1) {
    last = Math.max(last, now.getTime()) + between(options.gapMs);
    await drawMatch(tx, ctx, new Date(last));
  }
}

async function startMatch(
  tx: Tx,
  ctx: AppContext,
  match: MatchRow,
  options: SimulatorOptions,
  now: Date,
): Promise<void> {
  await tx
    .update(matches)
    .set({ status: 'live', phase: 'frame', nextStepAt: frameEnd(options, now) })
    .where(eq(matches.id, match.id));
  await publishMatch(tx, ctx, match.id);
}

/** A frame is over: markets pause while it is scored. */
async function endFrame(tx: Tx, ctx: AppContext, match: MatchRow, options: SimulatorOptions, now: Date): Promise<void> {
  // Lock the match, then its markets: the order bets and operator changes take them in.
  await loadMatch(tx, match.id, true);
  await setMarketsSuspended(tx, match.id, true);
  await tx
    .update(matches)
    .set({ phase: 'break', nextStepAt: new Date(now.getTime() + options.breakMs) })
    .where(eq(matches.id, match.id));
  await publishMatch(tx, ctx, match.id);
}

/**
 * Scores the next frame by the match's next draw (recorded in frames); finishes and settles the
 * match when it is won, else starts the next frame.
 */
async function playFrame(
  tx: Tx,
  ctx: AppContext,
  matchId: number,
  options: SimulatorOptions,
  now: Date,
): Promise<void> {
  const state = await loadMatch(tx, matchId, true);
  if (!state) return;
  const { match } = state;
  // Every simulated match is created with its seed (0022_match_seeds.sql gave the older ones theirs).
  const serverSeed = seedOf(ctx.secrets, match);
  if (serverSeed === null) throw new Error(`simulated match ${matchId} has no server seed`);
  const winner = drawnWinner(serverSeed, match, match.frames.length);
  const score = { a: match.scoreA + (winner === 'a' ? 1 : 0), b: match.scoreB + (winner === 'b' ? 1 : 0) };
  const final = isFinal(match.bestOf, score);
  const [played] = await tx
    .update(matches)
    .set({
      frames: match.frames + winner,
      scoreA: score.a,
      scoreB: score.b,
      ...(final ? {} : { phase: 'frame' as const, nextStepAt: frameEnd(options, now) }),
    })
    .where(eq(matches.id, matchId))
    .returning();
  if (final) {
    await finishMatch(tx, ctx, matchId, score);
    return;
  }
  await repriceMatch(tx, played!, state.markets);
  await setMarketsSuspended(tx, matchId, false);
  await publishMatch(tx, ctx, matchId);
}

/** The furthest ahead a live match's next step is set. */
const longestStep = (options: SimulatorOptions) => Math.max(options.frameMs[1], options.breakMs);

/** When a frame starting now ends. */
const frameEnd = (options: SimulatorOptions, now: Date) => new Date(now.getTime() + between(options.frameMs));

/** A whole number of ms in [lo, hi]. */
const between = ([lo, hi]: [number, number]) => randomInt(lo, hi + 1);
