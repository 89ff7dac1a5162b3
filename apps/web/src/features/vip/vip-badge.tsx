import { useId } from 'react';

/** Badge colours by tier: bronze VIP0–2, silver 3–5, gold 6–8, diamond 9–10. */
const TIERS = [
  { from: 0, stops: ['#f3c59a', '#b8743f', '#7a4420'] },
  { from: 3, stops: ['#f4f7ff', '#aab6d3', '#67759a'] },
  { from: 6, stops: ['#ffe9a6', '#f2c35b', '#b87714'] },
  { from: 9, stops: ['#d9f4ff', '#7fc8ff', '#7c5cff'] },
] as const;

/** A shield with a crown and the level number (inline SVG: no image asset). */
export function VipBadge({ level, size = 'small' }: { level: number; size?: 'small' | 'large' }) {
  const id = useId();
  const tier = [...TIERS].reverse().find((x) => level >= x.from) ?? TIERS[0];
  const px = size === 'large' ? 72 : 40;
  return (
    <svg
      className={`vip-badge-svg vip-badge-${size}`}
      width={px}
      height={px}
      viewBox="0 0 64 64"
      role="img"
      aria-label={`VIP${level}`}
    >
      <defs>
        <linearGradient id={`${id}g`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={tier.stops[0]} />
          <stop offset="0.5" stopColor={tier.stops[1]} />
          <stop offset="1" stopColor={tier.stops[2]} />
        </linearGradient>
      </defs>
      <path d="M32 4 56 13v18c0 15-10.5 24.5-24 29C18.5 55.5 8 46 8 31V13z" fill={`url(#${id}g)`} />
      <path
        d="M32 8.5 52 16v15c0 12.6-8.7 20.7-20 24.7C20.7 51.7 12 43.6 12 31V16z"
        fill="none"
        stroke="rgba(255,255,255,0.55)"
        strokeWidth="1.5"
      />
      <path d="M21 22l5 4 6-8 6 8 5-4-2 9H23z" fill="rgba(20,14,0,0.55)" />
      <text
        x="32"
        y="48"
        textAnchor="middle"
        fontSize={level >= 10 ? 15 : 17}
        fontWeight="800"
        fontStyle="italic"
        fill="#1c1200"
      >
        V{level}
      </text>
    </svg>
  );
}
