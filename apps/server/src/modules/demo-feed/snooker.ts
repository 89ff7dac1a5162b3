import { floats, weightedIndex } from '../../platform/fair.js';

/*
 * One snooker frame played visit by visit for the demo billiards feed. The frame's winner is
 * drawn elsewhere (provably fair); this invents a plausible, legal sequence of visits ending with
 * that winner, deterministically from a stream of numbers in [0, 1). The table is tracked ball by
 * ball (reds left, whether a colour is on, the next colour of the clearance), so no break exceeds
 * what the table holds.
 */

export type Side = 'a' | 'b';
/** One visit to the table: the break made (points potted in the visit) and, if it ended in a foul, the penalty given to the opponent. */
export interface Visit {
  player: Side;
  points: number;
  foul: number /* 0, or 4..7 */;
}
export interface FramePlay {
  visits: Visit[];
  score: { a: number; b: number };
  respottedBlack: boolean;
  highestBreak: { a: number; b: number };
}

/** Successive numbers in [0,1) drawn from the provably fair stream of (serverSeed, clientSeed, nonce). */
export function seededDraws(serverSeed: string, clientSeed: string, nonce: number): () => number {
  let cache: number[] = [];
  let next = 0;
  // The i-th draw is floats(…)[i]; the cache doubles when used up (recomputing its prefix costs at most as much again).
  return () => {
    if (next === cache.length) cache = floats(serverSeed, clientSeed, nonce, Math.max(64, cache.length * 2));
    return cache[next++]!;
  };
}

interface Table {
  reds: number;
  /** A red was just potted: a colour (2..7) is on. */
  colourOn: boolean;
  /** Once the reds are gone: the lowest colour left (2 yellow … 7 black), 8 when cleared. */
  next: number;
}

/** Skill shares in [0, 1] (a's and b's add up to 1). */
type Skills = Record<Side, number>;

const COLOURS = [2, 3, 4, 5, 6, 7];
// After a red the player mostly takes the black, often the pink or blue (position allowing).
const COLOUR_WEIGHTS = [1, 1, 1, 3, 4, 10];
const MAX_ATTEMPTS = 12;
// A frame this long is abandoned as implausible (and makes every attempt terminate).
const MAX_VISITS = 120;

const other = (side: Side): Side => (side === 'a' ? 'b' : 'a');
const clearanceFrom = (colour: number): number => (colour > 7 ? 0 : colour + clearanceFrom(colour + 1));

/** The most points still on the table: every red with a black, then the colours left. */
function remaining(table: Table): number {
  if (table.reds === 0 && !table.colourOn) return clearanceFrom(table.next);
  return table.reds * 8 + (table.colourOn ? 7 : 0) + clearanceFrom(2);
}

/** The ball the player goes for: a red, a colour of their choice after a red, or the clearance's next colour. */
function target(draw: () => number, table: Table): number {
  if (table.colourOn) return COLOURS[weightedIndex(COLOUR_WEIGHTS, draw())]!;
  return table.reds > 0 ? 1 : table.next;
}

function afterPot(table: Table, ball: number): Table {
  if (ball === 1) return { ...table, reds: table.reds - 1, colourOn: true };
  // A colour potted after a red is re-spotted; in the clearance it stays down.
  if (table.colourOn) return { ...table, colourOn: false };
  return { ...table, next: table.next + 1 };
}

// Per-visit chances as functions of the player's skill share s.
const chanceOf = (s: number) => 0.25 + 0.3 * s;
const potOf = (s: number) => 0.72 + 0.22 * s;
const foulOf = (s: number) => 0.1 - 0.06 * s;

interface VisitPlay {
  points: number;
  foul: number;
  table: Table;
}

/** A visit ends with a miss or a foul on the ball it was on: penalty the ball's value, at least 4. */
function endVisit(draw: () => number, skill: number, points: number, table: Table, ball: number): VisitPlay {
  const foul = draw() < foulOf(skill) ? Math.max(4, ball) : 0;
  return { points, foul, table: { ...table, colourOn: false } };
}

/** One visit: a safety unless a chance comes (never on the break-off), then pots until a miss or the table is clear. */
function playVisit(draw: () => number, table: Table, skill: number, breakOff: boolean): VisitPlay {
  const ballOn = table.reds > 0 ? 1 : table.next;
  if (breakOff || draw() >= chanceOf(skill)) return endVisit(draw, skill, 0, table, ballOn);
  let points = 0;
  while (remaining(table) > 0) {
    const ball = target(draw, table);
    if (draw() >= potOf(skill)) return endVisit(draw, skill, points, table, ball);
    points += ball;
    table = afterPot(table, ball);
  }
  return { points, foul: 0, table };
}

/** A visit to the re-spotted black: a pot (7) or a foul (7 to the opponent) decides the frame. */
function respotVisit(draw: () => number, skill: number): Omit<VisitPlay, 'table'> {
  if (draw() < 0.2 + 0.2 * skill) return { points: 7, foul: 0 };
  return { points: 0, foul: draw() < foulOf(skill) ? 7 : 0 };
}

/** Score and highest breaks as the visits give them (a foul scores for the other player). */
function summarise(visits: Visit[], respottedBlack: boolean): FramePlay {
  const score = { a: 0, b: 0 };
  const highestBreak = { a: 0, b: 0 };
  for (const { player, points, foul } of visits) {
    score[player] += points;
    score[other(player)] += foul;
    highestBreak[player] = Math.max(highestBreak[player], points);
  }
  return { visits, score, respottedBlack, highestBreak };
}

/** One simulated frame, or null when it runs implausibly long. */
function simulate(draw: () => number, breaker: Side, skills: Skills): FramePlay | null {
  const visits: Visit[] = [];
  const score = { a: 0, b: 0 };
  let table: Table = { reds: 15, colourOn: false, next: 2 };
  let player = breaker;
  // The player behind concedes once snookers are needed (the deficit exceeds what is left).
  while (remaining(table) > 0 && Math.abs(score.a - score.b) <= remaining(table)) {
    if (visits.length === MAX_VISITS) return null;
    const visit = playVisit(draw, table, skills[player], visits.length === 0);
    visits.push({ player, points: visit.points, foul: visit.foul });
    score[player] += visit.points;
    score[other(player)] += visit.foul;
    table = visit.table;
    player = other(player);
  }
  return score.a === score.b ? respottedBlack(draw, visits, player, skills) : summarise(visits, false);
}

/** Plays the re-spotted black after a level frame, visits alternating on from `first`. */
function respottedBlack(draw: () => number, visits: Visit[], first: Side, skills: Skills): FramePlay | null {
  for (let player = first; ; player = other(player)) {
    if (visits.length === MAX_VISITS) return null;
    const visit = { player, ...respotVisit(draw, skills[player]) };
    visits.push(visit);
    if (visit.points + visit.foul > 0) return summarise(visits, true);
  }
}

/** Skill shares with the required winner's boosted: mildly at first, more on each retry so retries stay few. */
function skillsFor(strengthA: number, winner: Side, attempt: number): Skills {
  const boost = 0.08 + 0.1 * attempt;
  const a = Math.min(1, Math.max(0, strengthA + (winner === 'a' ? boost : -boost)));
  return { a, b: 1 - a };
}

/** A short legal frame won by `winner`: safeties, then ten reds with ten blacks (80) leave 67, and the loser concedes. */
function fallbackFrame(winner: Side, breaker: Side): FramePlay {
  const loser = other(winner);
  const safety = (player: Side): Visit => ({ player, points: 0, foul: 0 });
  const opening = breaker === winner ? [safety(winner), safety(loser)] : [safety(loser)];
  return summarise([...opening, { player: winner, points: 80, foul: 0 }], false);
}

const winnerOf = (play: FramePlay): Side => (play.score.a > play.score.b ? 'a' : 'b');

/** Plays one frame: `breaker` breaks off; the frame ends won by `winner`. `strengthA` in [0.3, 0.7] is a's share of skill (pot success, break length). */
export function playFrame(draw: () => number, winner: Side, breaker: Side, strengthA: number): FramePlay {
  // Rejection sampling from the same stream: a frame with the wrong winner is played again.
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const play = simulate(draw, breaker, skillsFor(strengthA, winner, attempt));
    if (play && winnerOf(play) === winner) return play;
  }
  return fallbackFrame(winner, breaker);
}
