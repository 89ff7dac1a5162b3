import type { CSSProperties } from 'react';
import type { SpinInfo } from './api/spin';

/** How long the wheel turns before it stops on the prize (CSS ease-out in welfare.css). */
export const SPIN_MS = 4_000;
const TURNS = 6;

/** Prize i's slice is centred i × (360 / n)° clockwise from the pointer at the top. */
const slice = (n: number) => 360 / n;

/**
 * The rotation that brings prize `index` under the pointer after at least TURNS whole turns
 * forward from `from` (degrees, clockwise).
 */
export function landingRotation(from: number, index: number, count: number): number {
  const rest = (((360 - index * slice(count)) % 360) + 360) % 360;
  const base = from - (((from % 360) + 360) % 360) + TURNS * 360;
  return base + rest;
}

/** The prize under the pointer at a rotation. */
export function prizeAt(rotation: number, count: number): number {
  const a = slice(count);
  const atPointer = (((360 - (rotation % 360)) % 360) + 360) % 360;
  return Math.round(atPointer / a) % count;
}

const GOLD = '#f6cf6e';
const NAVY = '#1b2c66';

/** Users who asked for less motion see the result at once. */
export const prefersReducedMotion = (): boolean =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/**
 * The daily wheel: prizes on alternating gold and navy slices (a CSS conic gradient, no image),
 * a pointer at the top and the spin button in the hub. The rotation animates with CSS.
 */
export function Wheel({
  prizes,
  rotation,
  spinning,
  landed,
  button,
}: {
  prizes: SpinInfo['prizes'];
  rotation: number;
  spinning: boolean;
  /** The prize just won, highlighted once the wheel stops. */
  landed: number | null;
  button: React.ReactNode;
}) {
  const n = Math.max(prizes.length, 1);
  const a = slice(n);
  const stops = prizes.map((_, i) => `${i % 2 ? NAVY : GOLD} ${i * a}deg ${(i + 1) * a}deg`).join(', ');
  const disc: CSSProperties = {
    background: `conic-gradient(from ${-a / 2}deg, ${stops})`,
    transform: `rotate(${rotation}deg)`,
  };
  return (
    <div className={`wheel${spinning ? ' wheel-spinning' : ''}`} data-testid="wheel">
      <div className="wheel-lights" aria-hidden="true">
        {Array.from({ length: 16 }, (_, i) => (
          <span key={i} style={{ transform: `rotate(${i * 22.5}deg)` }} />
        ))}
      </div>
      <div
        className="wheel-disc"
        style={disc}
        data-testid="wheel-disc"
        data-rotation={rotation}
        data-pointer-index={prizeAt(rotation, n)}
      >
        {prizes.map((p, i) => (
          <div
            key={p.index}
            className={`wheel-label${i % 2 ? ' wheel-label-navy' : ''}${landed === i && !spinning ? ' wheel-label-won' : ''}`}
            style={{ transform: `rotate(${i * a}deg)` }}
            data-prize-index={p.index}
          >
            <span className="wheel-label-text">{p.label}</span>
          </div>
        ))}
      </div>
      <div className="wheel-pointer" aria-hidden="true" />
      <div className="wheel-hub">{button}</div>
    </div>
  );
}
