import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import svgCaptcha from 'svg-captcha';

/*
 * The captcha's picture: a PNG drawn here, so no glyph outline or per-character vector leaves the
 * server (an SVG of the font's glyphs was read by matching each path against the font). The glyphs
 * come from svg-captcha's font; each is scaled, rotated and sheared on its own, then the whole line
 * is bent by two waves, crossed by strokes in the characters' own colours and sprinkled with
 * speckle; the result is rasterized and quantized to a small palette.
 */

/** Twice the size the pages show it (104 × 38 CSS px), so it stays sharp on phone screens. */
export const CAPTCHA_WIDTH = 208;
export const CAPTCHA_HEIGHT = 76;

/** Letters and digits a person tells apart (no 0/O/o, 1/I/l/i); answers are case-insensitive. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';
const LENGTH = 4;

/** The opentype.js font svg-captcha loaded (its typings leave it out). */
interface Glyph {
  advanceWidth?: number;
  getPath(
    x: number,
    y: number,
    fontSize: number,
  ): { commands: PathCommand[]; getBoundingBox(): { x1: number; y1: number; x2: number; y2: number } };
}
type PathCommand =
  | { type: 'M' | 'L'; x: number; y: number }
  | { type: 'Q'; x: number; y: number; x1: number; y1: number }
  | { type: 'C'; x: number; y: number; x1: number; y1: number; x2: number; y2: number }
  | { type: 'Z' };
const font = (svgCaptcha.options as unknown as { font: { charToGlyph(ch: string): Glyph; unitsPerEm: number } }).font;

type Point = [number, number];
type Transform = (p: Point) => Point;

/** A random number in [min, max) (crypto: what is drawn is not guessable from earlier images). */
const between = (min: number, max: number) => min + (randomInt(1_000_000) / 1_000_000) * (max - min);
const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)]!;

export const randomCaptchaText = () => Array.from({ length: LENGTH }, () => pick([...ALPHABET])).join('');

/** Dark, saturated colours: readable on the light ground, and the noise strokes share them. */
const INKS = ['#1f3a93', '#8e1b3a', '#0b6e4f', '#6a1b9a', '#9a4d00', '#0d47a1', '#b71c1c', '#2e4a1f', '#4a148c'];

/** The picture of `text` as a PNG (a few KB). */
export async function drawCaptcha(text: string): Promise<Buffer> {
  const inks = [...text].map(() => pick(INKS));
  const warp = waves();
  const parts = [
    background(),
    ...[...text].map((ch, i) => glyphPath(ch, i, text.length, inks[i]!, warp)),
    ...Array.from({ length: 2 }, (_, i) => noiseStroke(inks[i % inks.length]!, warp)),
    speckle(),
  ];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${CAPTCHA_WIDTH}" height="${CAPTCHA_HEIGHT}">${parts.join('')}</svg>`;
  return sharp(Buffer.from(svg)).png({ palette: true, colours: 32, compressionLevel: 9, effort: 10 }).toBuffer();
}

/** Two sine waves across the picture: a vertical swell along x and a horizontal sway along y. */
function waves(): Transform {
  const ay = between(3, 5);
  const ly = between(90, 150);
  const py = between(0, 2 * Math.PI);
  const ax = between(2, 4);
  const lx = between(40, 70);
  const px = between(0, 2 * Math.PI);
  return ([x, y]) => [x + ax * Math.sin((2 * Math.PI * y) / lx + px), y + ay * Math.sin((2 * Math.PI * x) / ly + py)];
}

/** Character `i` of `count`: its own size, slant, rotation and offset, then the picture's waves. */
function glyphPath(ch: string, i: number, count: number, ink: string, warp: Transform): string {
  const fontSize = between(68, 78);
  const drawn = font.charToGlyph(ch).getPath(0, 0, fontSize);
  const box = drawn.getBoundingBox();
  const slot = (CAPTCHA_WIDTH - 16) / count;
  const cx = 8 + slot * (i + 0.5) + between(-4, 4);
  const cy = CAPTCHA_HEIGHT / 2 + between(-4, 4);
  // The glyph's own centre goes to the origin, so it turns about itself before it is placed.
  const gx = (box.x1 + box.x2) / 2;
  const gy = (box.y1 + box.y2) / 2;
  const angle = (between(-20, 20) * Math.PI) / 180;
  const shear = between(-0.2, 0.2);
  const sx = between(0.9, 1.15);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const place: Transform = ([x0, y0]) => {
    const y = y0 - gy;
    const x = (x0 - gx + shear * y) * sx;
    return warp([cx + x * cos - y * sin, cy + x * sin + y * cos]);
  };
  // The outline in the same ink thickens the strokes, so the glyph holds up at phone size.
  return `<path fill="${ink}" stroke="${ink}" stroke-width="2.4" stroke-linejoin="round" d="${pathData(drawn.commands, place)}"/>`;
}

function pathData(commands: PathCommand[], t: Transform): string {
  const pt = (x: number, y: number) =>
    t([x, y])
      .map((v) => v.toFixed(1))
      .join(' ');
  return commands
    .map((c) => {
      switch (c.type) {
        case 'M':
        case 'L':
          return `${c.type}${pt(c.x, c.y)}`;
        case 'Q':
          return `Q${pt(c.x1, c.y1)} ${pt(c.x, c.y)}`;
        case 'C':
          return `C${pt(c.x1, c.y1)} ${pt(c.x2, c.y2)} ${pt(c.x, c.y)}`;
        case 'Z':
          return 'Z';
      }
    })
    .join('');
}

/** A curve across the characters in one of their colours, bent by the same waves. */
function noiseStroke(ink: string, warp: Transform): string {
  const points: Point[] = [
    [between(0, 20), between(10, CAPTCHA_HEIGHT - 10)],
    [between(50, 90), between(0, CAPTCHA_HEIGHT)],
    [between(110, 160), between(0, CAPTCHA_HEIGHT)],
    [between(CAPTCHA_WIDTH - 20, CAPTCHA_WIDTH), between(10, CAPTCHA_HEIGHT - 10)],
  ];
  const [a, b, c, d] = points.map((p) =>
    warp(p)
      .map((v) => v.toFixed(1))
      .join(' '),
  );
  const width = between(1.4, 2.2).toFixed(1);
  return `<path d="M${a} C${b} ${c} ${d}" stroke="${ink}" stroke-width="${width}" fill="none" stroke-linecap="round"/>`;
}

/** A light ground with a soft diagonal tint. */
function background(): string {
  const hue = randomInt(360);
  return (
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="hsl(${hue},45%,94%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},45%,88%)"/>` +
    `</linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>`
  );
}

/** Dots and short dashes of every ink, over the characters too. */
function speckle(): string {
  return Array.from({ length: 70 }, () => {
    const x = between(0, CAPTCHA_WIDTH).toFixed(1);
    const y = between(0, CAPTCHA_HEIGHT).toFixed(1);
    const ink = pick(INKS);
    if (randomInt(4) > 0) return `<circle cx="${x}" cy="${y}" r="${between(0.6, 1.3).toFixed(1)}" fill="${ink}"/>`;
    const dx = between(-5, 5).toFixed(1);
    const dy = between(-5, 5).toFixed(1);
    return `<path d="M${x} ${y}l${dx} ${dy}" stroke="${ink}" stroke-width="1.2"/>`;
  }).join('');
}
