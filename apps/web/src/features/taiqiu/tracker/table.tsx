import { memo } from 'react';
import { useT } from '../../../lib/i18n';
import { ballsOnTable, FULL_RACK, type Side } from './state';

/*
 * The frame on, drawn: a snooker table (baize, cushions, pockets, baulk line and D, the spots)
 * with the balls the points on the table stand for, roughly (state.ts ballsOnTable). Balls move
 * and leave by CSS transitions (tracker.css), never by script.
 */

const BALL_R = 5.5;
const MID_Y = 110;
const BAULK_X = 94;

/** The colours' spots, by value. */
const SPOTS: Record<number, [number, number]> = {
  2: [BAULK_X, 139],
  3: [BAULK_X, 81],
  4: [BAULK_X, MID_Y],
  5: [200, MID_Y],
  6: [290, MID_Y],
  7: [354, MID_Y],
};
const BALL_CLASS: Record<number, string> = {
  1: 'red',
  2: 'yellow',
  3: 'green',
  4: 'brown',
  5: 'blue',
  6: 'pink',
  7: 'black',
};

/** The fifteen reds racked behind the pink: rows of 1 to 5. */
const RACK: [number, number][] = [0, 1, 2, 3, 4].flatMap((row) =>
  Array.from({ length: row + 1 }, (_, j): [number, number] => [
    290 + 2 * BALL_R + 1 + row * 9.6,
    MID_Y + (j - row / 2) * (2 * BALL_R + 0.4),
  ]),
);
/** Where reds lie once the pack is split; the first n are drawn for n reds (the last ones go first). */
const SPREAD: [number, number][] = [
  [318, 72],
  [262, 150],
  [332, 138],
  [240, 84],
  [306, 164],
  [276, 58],
  [350, 162],
  [226, 140],
  [312, 100],
  [252, 108],
  [340, 86],
  [178, 66],
  [160, 152],
  [326, 118],
  [272, 182],
];

const BALL_GRADIENTS: [string, string, string][] = [
  ['red', '#ff8a8a', '#b3121f'],
  ['yellow', '#fff6a8', '#d9b400'],
  ['green', '#8fe3a6', '#0c7a3a'],
  ['brown', '#d9a070', '#6b3b17'],
  ['blue', '#9cc8ff', '#1748b8'],
  ['pink', '#ffd1e3', '#e56a9c'],
  ['black', '#6d6d78', '#0b0b10'],
  ['white', '#ffffff', '#cfd6de'],
];

function Ball({ x, y, kind, gone = false }: { x: number; y: number; kind: string; gone?: boolean }) {
  return (
    <circle
      r={BALL_R}
      className={`trk-ball${gone ? ' trk-ball-gone' : ''}`}
      fill={`url(#trk-ball-${kind})`}
      style={{ transform: `translate(${x}px, ${y}px)${gone ? ' scale(0.3)' : ''}` }}
      data-ball={kind}
      data-gone={gone ? '' : undefined}
    />
  );
}

function Defs() {
  return (
    <defs>
      <linearGradient id="trk-wood" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stopColor="#7a4a24" />
        <stop offset="1" stopColor="#4a2a12" />
      </linearGradient>
      <radialGradient id="trk-baize" cx="50%" cy="45%" r="70%">
        <stop offset="0" stopColor="#23a25a" />
        <stop offset="1" stopColor="#11683a" />
      </radialGradient>
      {BALL_GRADIENTS.map(([id, light, dark]) => (
        <radialGradient key={id} id={`trk-ball-${id}`} cx="35%" cy="32%" r="70%">
          <stop offset="0" stopColor={light} />
          <stop offset="1" stopColor={dark} />
        </radialGradient>
      ))}
    </defs>
  );
}

/** The wood, the cushions, the baize, its markings and the six pockets: drawn once. */
const TableBed = memo(function TableBed() {
  const pockets: [number, number, number][] = [
    [19, 19, 10],
    [381, 19, 10],
    [19, 201, 10],
    [381, 201, 10],
    [200, 15, 9],
    [200, 205, 9],
  ];
  return (
    <>
      <Defs />
      <rect x="0" y="0" width="400" height="220" rx="16" fill="url(#trk-wood)" />
      <rect x="11" y="11" width="378" height="198" rx="7" fill="#0c5530" />
      <rect x="20" y="20" width="360" height="180" fill="url(#trk-baize)" />
      <line x1={BAULK_X} y1="20" x2={BAULK_X} y2="200" className="trk-line" />
      <path d={`M${BAULK_X} 81 A29 29 0 0 0 ${BAULK_X} 139`} className="trk-line" fill="none" />
      {Object.values(SPOTS).map(([x, y]) => (
        <circle key={`${x}-${y}`} cx={x} cy={y} r="1.2" className="trk-spot" />
      ))}
      {pockets.map(([x, y, r]) => (
        <circle key={`${x}-${y}`} cx={x} cy={y} r={r} fill="#050607" stroke="#2b1a0b" strokeWidth="2" />
      ))}
    </>
  );
});

/**
 * The table of a frame with `onTable` points left (null: unknown, drawn as a full rack), the
 * player at the table (a cue aimed at the white, in their colour) or nobody.
 */
export const TableView = memo(function TableView({
  onTable,
  atTable,
}: {
  onTable: number | null;
  atTable: Side | null;
}) {
  const { t } = useT();
  const balls = ballsOnTable(onTable ?? FULL_RACK);
  const racked = balls.reds === 15;
  const reds = racked ? RACK : SPREAD;
  return (
    <svg
      className="trk-table"
      viewBox="0 0 400 220"
      role="img"
      aria-label={t('taiqiu.tracker.tableLabel', { n: onTable ?? FULL_RACK, reds: balls.reds })}
      data-testid="tracker-table"
      data-reds={balls.reds}
      data-colours={balls.colours.join(',')}
    >
      <TableBed />
      {reds.map(([x, y], i) => (
        <Ball key={i} x={x} y={y} kind="red" gone={i >= balls.reds} />
      ))}
      {[2, 3, 4, 5, 6, 7].map((c) => (
        <Ball key={c} x={SPOTS[c]![0]} y={SPOTS[c]![1]} kind={BALL_CLASS[c]!} gone={!balls.colours.includes(c)} />
      ))}
      <Ball x={80} y={98} kind="white" />
      <line
        x1="24"
        y1="164"
        x2="71"
        y2="106"
        className={`trk-cue trk-cue-${atTable ?? 'none'}`}
        strokeLinecap="round"
        data-testid="tracker-cue"
      />
    </svg>
  );
});
