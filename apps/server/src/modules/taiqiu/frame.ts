import type { taiqiu } from '@breakshot/contracts';
import { pointsLeft } from './book/frame-model.js';
import type { MatchRow } from './tables.js';

/** The frame on, as the feed last told it; null when none is (docs/design.md §9). */
export const frameOf = (m: MatchRow): taiqiu.FrameInPlay =>
  m.status === 'live' && m.phase === 'frame' && m.frameNo > 0
    ? {
        number: m.frameNo,
        points: { a: m.framePointsA, b: m.framePointsB },
        atTable: m.atTable,
        break: m.currentBreak,
        onTable: pointsLeft({ potted: m.framePotted }),
      }
    : null;
