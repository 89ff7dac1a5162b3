/** A round SVG avatar with the name's first character, as a data URL (no external files). */
export function initialsAvatar(name: string, hue: number): string {
  const initial = escapeXml([...name.trim()][0]?.toUpperCase() ?? '?');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="hsl(${hue},70%,55%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},70%,38%)"/>` +
    `</linearGradient></defs><circle cx="48" cy="48" r="48" fill="url(#g)"/>` +
    `<text x="48" y="50" dominant-baseline="middle" text-anchor="middle" font-family="sans-serif" ` +
    `font-size="44" font-weight="700" fill="#fff">${initial}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** A stable hue for a name. */
export function hueOf(name: string): number {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.codePointAt(0)!) % 360;
  return h;
}

function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
