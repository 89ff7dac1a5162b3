import type { taiqiu } from '@breakshot/contracts';

type Market = taiqiu.Market;

/**
 * How the console lays out a match's markets (14–30 over its life): the match's own, then each
 * frame on offer ("第N局"), then the breaks; frames whose markets are all closed go together,
 * folded away.
 */

/** Match-level types in the order shown; correct score last, it takes two columns. */
const MATCH_TYPES: taiqiu.MarketType[] = ['winner', 'handicap', 'total', 'oddeven', 'race_to', 'correct_score'];
const FRAME_TYPES: taiqiu.MarketType[] = ['frame_winner', 'frame_points', 'frame_fifty'];
const BREAK_TYPES: taiqiu.MarketType[] = ['century', 'high_break'];

/** The market types in the groups of the settings panel, in the order of marketTypes within each. */
export const TYPE_GROUPS: { key: 'match' | 'frames' | 'breaks'; types: taiqiu.MarketType[] }[] = [
  { key: 'match', types: ['winner', 'handicap', 'total', 'oddeven', 'correct_score', 'race_to'] },
  { key: 'frames', types: FRAME_TYPES },
  { key: 'breaks', types: BREAK_TYPES },
];

/** playing: the feed says it is on; current: the live match's next frame to finish; done: all closed. */
export type FrameStage = 'playing' | 'current' | 'upcoming' | 'done';

export interface FrameGroup {
  frame: number;
  stage: FrameStage;
  markets: Market[];
}

export interface MarketGroups {
  match: Market[];
  /** Frames with a market not closed, in order. */
  frames: FrameGroup[];
  /** Frames whose markets are all closed, in order. */
  past: FrameGroup[];
  breaks: Market[];
  /** Markets of a type the console does not know yet (a newer server): shown with the match's. */
  other: Market[];
}

type MatchState = Pick<taiqiu.MatchItem, 'status' | 'score' | 'frame'>;

const byType = (order: taiqiu.MarketType[]) => (x: Market, y: Market) =>
  order.indexOf(x.type) - order.indexOf(y.type) || x.id - y.id;

const isClosed = (m: Market) => m.status === 'closed';

function stageOf(frame: number, markets: Market[], match: MatchState): FrameStage {
  if (markets.every(isClosed)) return 'done';
  if (match.frame?.number === frame) return 'playing';
  if (match.status === 'live' && !match.frame && frame === match.score.a + match.score.b + 1) return 'current';
  return 'upcoming';
}

export function groupMarkets(markets: Market[], match: MatchState): MarketGroups {
  const byFrame = new Map<number, Market[]>();
  const groups: MarketGroups = { match: [], frames: [], past: [], breaks: [], other: [] };
  for (const m of markets) {
    if (FRAME_TYPES.includes(m.type) && m.frame !== undefined) {
      byFrame.set(m.frame, [...(byFrame.get(m.frame) ?? []), m]);
    } else if (BREAK_TYPES.includes(m.type)) groups.breaks.push(m);
    else if (MATCH_TYPES.includes(m.type)) groups.match.push(m);
    else groups.other.push(m);
  }
  groups.match.sort(byType(MATCH_TYPES));
  groups.breaks.sort(byType(BREAK_TYPES));
  for (const frame of [...byFrame.keys()].sort((x, y) => x - y)) {
    const list = byFrame.get(frame)!.sort(byType(FRAME_TYPES));
    const stage = stageOf(frame, list, match);
    (stage === 'done' ? groups.past : groups.frames).push({ frame, stage, markets: list });
  }
  return groups;
}

/** A correct-score pick "4:2" as a's and b's frames; null for any other pick. */
export function scoreOf(pick: string): { a: number; b: number } | null {
  const found = /^(\d{1,2}):(\d{1,2})$/.exec(pick);
  return found ? { a: Number(found[1]), b: Number(found[2]) } : null;
}

/** The stake range every market shares, or null when they differ. */
export function commonStakes(markets: Market[]): { min: number; max: number } | null {
  const [first] = markets;
  if (!first) return null;
  const same = markets.every((m) => m.minStake === first.minStake && m.maxStake === first.maxStake);
  return same ? { min: first.minStake, max: first.maxStake } : null;
}
