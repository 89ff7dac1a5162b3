import { encode } from 'uqr';
import { useMemo } from 'react';

const DARK = '#0a1228';
const qrOf = (value: string) => encode(value, { ecc: 'M', border: 2 });

/** A QR code drawn as one SVG path (uqr encoder, a few KB). */
export function QrCode({ value, size = 168, label }: { value: string; size?: number; label?: string }) {
  const path = useMemo(() => {
    const qr = qrOf(value);
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
      <path d={path.d} fill={DARK} />
    </svg>
  );
}

/**
 * Saves the QR code of `value` as a PNG file (`fileName`), drawn on a canvas at `moduleSize`
 * pixels a module; resolves false where the browser cannot draw or save it.
 */
export async function saveQrPng(value: string, fileName: string, moduleSize = 12): Promise<boolean> {
  const qr = qrOf(value);
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = qr.size * moduleSize;
  const ctx = canvas.getContext('2d');
  if (!ctx) return false;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = DARK;
  qr.data.forEach((row, y) =>
    row.forEach((on, x) => {
      if (on) ctx.fillRect(x * moduleSize, y * moduleSize, moduleSize, moduleSize);
    }),
  );
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) return false;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}
