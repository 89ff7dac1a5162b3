import { encode } from 'uqr';
import { useMemo } from 'react';

/** A QR code drawn as one SVG path (uqr encoder, a few KB). */
export function QrCode({ value, size = 168, label }: { value: string; size?: number; label?: string }) {
  const path = useMemo(() => {
    const qr = encode(value, { ecc: 'M', border: 2 });
    let d = '';
    qr.data.forEach((row, y) =>
      row.forEach((on, x) => {
        if (on) d += `M${x} ${y}h1v1h-1z`;
      }),
    );
    return { d, size: qr.size };
  }, [value]);
  return (
    <svg
      className="qr"
      width={size}
      height={size}
      viewBox={`0 0 ${path.size} ${path.size}`}
      shapeRendering="crispEdges"
      role="img"
      aria-label={label ?? value}
      data-testid="qr-code"
    >
      <rect width={path.size} height={path.size} fill="#fff" />
      <path d={path.d} fill="#0a1228" />
    </svg>
  );
}
