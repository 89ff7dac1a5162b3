/* Test helpers of the billiards pages (imported by *.test.tsx only). */
import type { MatchDetails } from './api/match';

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
