/* Test helpers of the billiards pages (imported by *.test.tsx only). */
import type { MatchDetails } from './api/match';
import type { MatchUpdated } from './live-match';
import type { ParlayPick } from './parlay-store';
import type { Visit } from './tracker/state';

const AVATAR = 'data:image/svg+xml;base64,PHN2Zy8+';

export function demoMatch(over: Partial<MatchDetails> = {}): MatchDetails {
  const limits = { minStake: 1_000, maxStake: 1_000_000 };
  return {
    id: 7,
    playerA: { name: '林浩然', avatar: AVATAR },
    playerB: { name: '陈子轩', avatar: AVATAR },
    bestOf: 7,
    startAt: '2026-01-01T10:00:00Z',
    status: 'live',
    score: { a: 1, b: 0 },
    frame: null,
    mainOdds: { marketId: 11, status: 'open', a: 1.8, b: 2.05 },
    winner: null,
    markets: [
      {
        id: 11,
        type: 'winner',
        name: '独赢',
        status: 'open',
        ...limits,
        selections: [
          { id: 111, pick: 'a', name: '林浩然', odds: 1.8 },
          { id: 112, pick: 'b', name: '陈子轩', odds: 2.05 },
        ],
      },
      {
        id: 12,
        type: 'handicap',
        name: '让局',
        line: -1.5,
        status: 'open',
        ...limits,
        selections: [
          { id: 121, pick: 'a', name: '林浩然 −1.5', odds: 2.4 },
          { id: 122, pick: 'b', name: '陈子轩 +1.5', odds: 1.55 },
        ],
      },
      {
        id: 13,
        type: 'total',
        name: '大小',
        line: 5.5,
        status: 'suspended',
        ...limits,
        selections: [
          { id: 131, pick: 'over', name: '大 5.5', odds: 1.9 },
          { id: 132, pick: 'under', name: '小 5.5', odds: 1.9 },
        ],
      },
      {
        id: 14,
        type: 'oddeven',
        name: '单双',
        status: 'open',
        ...limits,
        selections: [
          { id: 141, pick: 'odd', name: '单', odds: 1.95 },
          { id: 142, pick: 'even', name: '双', odds: 1.95 },
        ],
      },
    ],
    myBets: [],
    seedHash: null,
    serverSeed: null,
    fairness: null,
    ...over,
  };
}

type Market = MatchDetails['markets'][number];

/** A market of the full book: selections numbered id·10 + 1, 2, … in order. */
function bookMarket(
  id: number,
  type: Market['type'],
  name: string,
  picks: [Market['selections'][number]['pick'], string, number][],
  over: Partial<Market> = {},
): Market {
  return {
    id,
    type,
    name,
    status: 'open',
    minStake: 1_000,
    maxStake: 1_000_000,
    selections: picks.map(([pick, label, odds], i) => ({ id: id * 10 + i + 1, pick, name: label, odds })),
    ...over,
  };
}

/**
 * Match 7 with the whole book (best of 7, 1:0, frame 2 in play at 24 : 7): the four match markets
 * of demoMatch, 先赢3局, 波胆, 单杆破百, 最高单杆, and frames 2 (in play) and 3: 胜者, 总分, 单杆50+.
 * Frame 1's markets are closed (played). Ids: match 11–18, frame 1 21–23, frame 2 31–33, frame 3 41–43.
 */
export function fullBookMatch(over: Partial<MatchDetails> = {}): MatchDetails {
  const [a, b] = ['林浩然', '陈子轩'];
  const frameMarkets = (base: number, n: number, status: Market['status'] = 'open') => [
    bookMarket(
      base + 1,
      'frame_winner',
      `第${n}局 胜者`,
      [
        ['a', a, 1.62],
        ['b', b, 2.25],
      ],
      { frame: n, status },
    ),
    bookMarket(
      base + 2,
      'frame_points',
      `第${n}局 总分`,
      [
        ['over', '大 110.5', 1.87],
        ['under', '小 110.5', 1.87],
      ],
      { frame: n, line: 110.5, status },
    ),
    bookMarket(
      base + 3,
      'frame_fifty',
      `第${n}局 单杆50+`,
      [
        ['yes', '是', 1.95],
        ['no', '否', 1.8],
      ],
      { frame: n, status },
    ),
  ];
  return demoMatch({
    frame: { number: 2, points: { a: 24, b: 7 }, atTable: 'a', break: 17, onTable: 116 },
    markets: [
      ...demoMatch().markets,
      bookMarket(15, 'correct_score', '波胆', [
        ['4:0', '4:0', 9.5],
        ['4:1', '4:1', 5.8],
        ['4:2', '4:2', 5.2],
        ['4:3', '4:3', 6.4],
        ['0:4', '0:4', 41],
        ['1:4', '1:4', 15.5],
        ['2:4', '2:4', 10.25],
        ['3:4', '3:4', 9],
      ]),
      bookMarket(
        16,
        'race_to',
        '先赢3局',
        [
          ['a', a, 1.55],
          ['b', b, 2.4],
        ],
        { line: 3 },
      ),
      bookMarket(17, 'century', '单杆破百', [
        ['yes', '是', 1.72],
        ['no', '否', 2.05],
      ]),
      bookMarket(
        18,
        'high_break',
        '最高单杆',
        [
          ['over', '大 89.5', 1.9],
          ['under', '小 89.5', 1.85],
        ],
        { line: 89.5 },
      ),
      ...frameMarkets(20, 1, 'closed'),
      ...frameMarkets(30, 2),
      ...frameMarkets(40, 3),
    ],
    ...over,
  });
}

/** Visit `seq` of the feed: 林浩然 (a) in frame 2, scoring nothing unless `over` says otherwise. */
export function visit(seq: number, over: Partial<Visit> = {}): Visit {
  return { seq, frame: 2, player: 'a', points: 0, break: 0, foul: 0, ...over };
}

/** A MATCH_UPDATED of demoMatch's match (7, live, 1:0), with `over` (the frame on, a visit, …). */
export function matchUpdated(over: Partial<MatchUpdated> = {}): MatchUpdated {
  return { type: 'MATCH_UPDATED', matchId: 7, status: 'live', score: { a: 1, b: 0 }, ...over };
}

/** A pick of match `matchId`: market matchId·10 + 1, selection `selectionId`. */
export const pick = (matchId: number, selectionId = matchId * 100 + 1, odds = 1.8): ParlayPick => ({
  matchId,
  marketId: matchId * 10 + 1,
  selectionId,
  marketType: 'winner',
  gameName: `甲${matchId} vs 乙${matchId}`,
  marketName: '独赢',
  selectionName: `甲${matchId}`,
  odds,
  minStake: 1_000,
  maxStake: 1_000_000,
});
