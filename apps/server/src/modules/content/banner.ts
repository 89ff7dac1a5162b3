/** A 750×300 banner: a diagonal gradient with a title and a subtitle, as an SVG data URL. */
export function bannerImage(title: string, subtitle: string, colors: [string, string]): string {
  const [from, to] = colors.map(safeColor);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="300" viewBox="0 0 750 300">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="750" height="300" rx="24" fill="url(#g)"/>` +
    `<circle cx="640" cy="70" r="120" fill="#fff" fill-opacity="0.08"/>` +
    `<circle cx="690" cy="250" r="70" fill="#fff" fill-opacity="0.10"/>` +
    `<text x="48" y="140" font-family="sans-serif" font-size="56" font-weight="700" fill="#fff">${escapeXml(title)}</text>` +
    `<text x="48" y="200" font-family="sans-serif" font-size="28" fill="#fff" fill-opacity="0.9">${escapeXml(subtitle)}</text>` +
    `</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

const safeColor = (c: string) => (/^#[0-9a-fA-F]{3,8}$/.test(c) ? c : '#333');

function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
