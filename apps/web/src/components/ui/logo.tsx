/** Breakshot mark: a gold-ringed billiard ball. */
export function Logo({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true">
      <defs>
        <linearGradient id="bs-ring" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffe08a" />
          <stop offset="1" stopColor="#d4912a" />
        </linearGradient>
        <radialGradient id="bs-ball" cx="0.35" cy="0.3" r="0.8">
          <stop offset="0" stopColor="#3a4a7a" />
          <stop offset="1" stopColor="#0a1228" />
        </radialGradient>
      </defs>
      <circle cx="24" cy="24" r="22" fill="url(#bs-ball)" stroke="url(#bs-ring)" strokeWidth="3" />
      <circle cx="24" cy="24" r="10" fill="#f6f3ea" />
      <text
        x="24"
        y="28.5"
        textAnchor="middle"
        fontSize="13"
        fontWeight="800"
        fill="#0a1228"
        fontFamily="Arial, sans-serif"
      >
        8
      </text>
      <ellipse cx="16" cy="13" rx="5" ry="3" fill="rgba(255,255,255,0.25)" transform="rotate(-30 16 13)" />
    </svg>
  );
}
