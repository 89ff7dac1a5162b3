import type { taiqiu } from '@breakshot/contracts';

type Match = taiqiu.MatchDetails;
type Market = taiqiu.Market;

/*
 * The match page's sections of markets (docs/screens.md /taiqiu/{id}): 全场 the match, one per
 * frame on offer (the frame in play and the next), 波胆 correct score, 单杆 breaks. Closed markets
 * of frames already played are left out (their bets still show in "my bets"); every other closed
 * market goes to the bottom of its section, collapsed.
 */

export type GroupKind = 'match' | 'frame' | 'score' | 'breaks';

export interface MarketGroup {
  /** 'match', 'frame-3', 'score', 'breaks'; 'frames' when no frame is on offer. */
  key: string;
  kind: GroupKind;
  /** Frame sections: their frame. */
  frame: number | null;
  /** The frame being played. */
  inPlay: boolean;
  /** The frame to start next: before the first, or between frames (betweenFrames). */
  next: boolean;
  /** Open and suspended markets, in the page's order. */
  markets: Market[];
  /** Closed markets, shown collapsed below. */
  closed: Market[];
}

/** Where each type goes, in the order shown there. */
const SECTION_OF: Record<taiqiu.MarketType, GroupKind> = {
  winner: 'match',
  handicap: 'match',
  total: 'match',
  oddeven: 'match',
  race_to: 'match',
  frame_winner: 'frame',
  frame_points: 'frame',
  correct_score: 'score',
  century: 'breaks',
  high_break: 'breaks',
  frame_fifty: 'breaks',
};
const ORDER: readonly taiqiu.MarketType[] = [
  'winner',
  'handicap',
  'total',
  'oddeven',
  'race_to',
  'frame_winner',
  'frame_points',
  'correct_score',
  'century',
  'high_break',
  'frame_fifty',
];

const byPlace = (x: Market, y: Market) =>
  ORDER.indexOf(x.type) - ORDER.indexOf(y.type) || (x.frame ?? 0) - (y.frame ?? 0) || x.id - y.id;

/**
 * The frame the page follows: the one being played; between frames (and before the first) the
 * lowest-numbered frame with a market not closed, the next to start. Null when none is on offer.
 */
export function frameOn(match: Match): number | null {
  if (match.frame) return match.frame.number;
  const open = match.markets.filter((m) => m.frame !== undefined && m.status !== 'closed').map((m) => m.frame!);
  return open.length > 0 ? Math.min(...open) : null;
}

/**
 * Between frames: the match is live, no frame is being played, and the next frame's markets are
 * suspended (as the book holds them from a frame's end to the next's start). A match scored by
 * hand tells no frame either, but its markets stay open: its frame may be on, so it is not said.
 */
export function betweenFrames(match: Match): boolean {
  if (match.status !== 'live' || match.frame) return false;
  const on = frameOn(match);
  const next = match.markets.filter((m) => m.frame === on && m.status !== 'closed');
  return next.length > 0 && next.every((m) => m.status === 'suspended');
}

/** A closed market of a frame before the one the page follows (or of any frame once none is on offer). */
export function isPastFrame(m: Market, on: number | null): boolean {
  return m.frame !== undefined && m.status === 'closed' && (on === null || m.frame < on);
}

/** The sections of the match's markets, in the order of the page's tabs. */
export function marketGroups(match: Match): MarketGroup[] {
  const on = frameOn(match);
  const ended = match.status === 'finished' || match.status === 'cancelled';
  const shown = match.markets.filter((m) => !isPastFrame(m, on)).sort(byPlace);
  const sectionOf = (m: Market): GroupKind => SECTION_OF[m.type] ?? 'match';
  const has = (kind: GroupKind) => match.markets.some((m) => sectionOf(m) === kind);
  const group = (key: string, kind: GroupKind, list: Market[], frame: number | null = null): MarketGroup => ({
    key,
    kind,
    frame,
    inPlay: frame !== null && !ended && match.frame?.number === frame,
    next: frame !== null && frame === on && (match.status === 'scheduled' || betweenFrames(match)),
    markets: list.filter((m) => m.status !== 'closed'),
    closed: list.filter((m) => m.status === 'closed'),
  });
  const of = (kind: GroupKind) => shown.filter((m) => sectionOf(m) === kind);

  const groups = [group('match', 'match', of('match'))];
  const frameMarkets = of('frame');
  const frames = [...new Set(frameMarkets.map((m) => m.frame!))].sort((x, y) => x - y);
  for (const n of frames) {
    groups.push(
      group(
        `frame-${n}`,
        'frame',
        frameMarkets.filter((m) => m.frame === n),
        n,
      ),
    );
  }
  if (frames.length === 0 && has('frame')) groups.push(group('frames', 'frame', []));
  if (has('score')) groups.push(group('score', 'score', of('score')));
  if (has('breaks')) groups.push(group('breaks', 'breaks', of('breaks')));
  return groups;
}

/**
 * The section to show for the one chosen: itself while it exists; a frame section that has gone
 * (its frame is over) gives way to the first frame section; anything else to the match.
 */
export function shownGroup(groups: MarketGroup[], chosen: string): MarketGroup {
  const found = groups.find((g) => g.key === chosen);
  if (found) return found;
  const frame = chosen.startsWith('frame') ? groups.find((g) => g.kind === 'frame') : undefined;
  return frame ?? groups[0]!;
}

/** A correct-score pick "4:2" as numbers (player a's frames, player b's), or null. */
export function finalScore(pick: string): { a: number; b: number } | null {
  const m = /^(\d+):(\d+)$/.exec(pick);
  return m ? { a: Number(m[1]), b: Number(m[2]) } : null;
}

/** A final score the match can no longer end on: a player has already won more frames. */
export const unreachable = (pick: string, score: taiqiu.MatchDetails['score']) => {
  const s = finalScore(pick);
  return s !== null && (score.a > s.a || score.b > s.b);
};

/**
 * The correct-score market's selections in its two columns: player a's wins (4:0, 4:1 …) on the
 * left, player b's (0:4, 1:4 …) on the right, each by the loser's frames.
 */
export function scoreColumns<S extends { pick: string }>(selections: S[]): { a: S[]; b: S[] } {
  const withScore = selections.map((s) => ({ s, score: finalScore(s.pick) }));
  const a = withScore.filter((x) => x.score && x.score.a > x.score.b).sort((x, y) => x.score!.b - y.score!.b);
  const b = withScore.filter((x) => x.score && x.score.b > x.score.a).sort((x, y) => x.score!.a - y.score!.a);
  return { a: a.map((x) => x.s), b: b.map((x) => x.s) };
}
