#!/usr/bin/env node
// The installable app's icons (src/pwa, vite.config.ts's web app manifest), drawn from the brand's
// badge (public/favicon.svg) with sharp: run again after the badge changes and commit the PNGs.
//   public/icons/icon-192.png, icon-512.png   the badge on a transparent ground ("any")
//   public/icons/icon-maskable-512.png        full-bleed navy, the badge inside the 80 % safe zone
//   public/apple-touch-icon.png               180 px, opaque (iOS fills transparency with black)
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const PUBLIC = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
const BADGE = readFileSync(join(PUBLIC, 'favicon.svg'));
/** The app's background (src/app/theme.css --bs-bg). */
const NAVY = '#0a1228';
/** favicon.svg's own box (its viewBox is 48 wide). */
const BADGE_BOX = 48;

/** The badge as a PNG `size` pixels square, rasterized at that size (not scaled up). */
const badge = (size) =>
  sharp(BADGE, { density: (72 * size) / BADGE_BOX })
    .resize(size, size)
    .png()
    .toBuffer();

/** The badge, `share` of the side wide, centred on a navy square of `size` pixels. */
async function onNavy(size, share) {
  const inner = Math.round(size * share);
  const offset = Math.round((size - inner) / 2);
  return sharp({ create: { width: size, height: size, channels: 4, background: NAVY } })
    .composite([{ input: await badge(inner), left: offset, top: offset }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

const write = (file, buffer) => sharp(buffer).png({ compressionLevel: 9 }).toFile(join(PUBLIC, file));

await write('icons/icon-192.png', await badge(192));
await write('icons/icon-512.png', await badge(512));
// The maskable safe zone is a circle of 40 % radius: the badge's ring (22/24 of its box) fits at 0.78.
await write('icons/icon-maskable-512.png', await onNavy(512, 0.78));
await write('apple-touch-icon.png', await onNavy(180, 0.86));
console.log('icons written to', PUBLIC);
