/**
 * A 750×300 banner background: a diagonal gradient with soft circles, as an SVG data URL. It
 * carries no text: the app lays the banner's title and summary over it in the reader's language.
 */
export function bannerArt(colors: [string, string]): string {
  const [from, to] = colors.map(safeColor);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="300" viewBox="0 0 750 300">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="750" height="300" rx="24" fill="url(#g)"/>` +
    `<circle cx="640" cy="70" r="120" fill="#fff" fill-opacity="0.08"/>` +
    `<circle cx="690" cy="250" r="70" fill="#fff" fill-opacity="0.10"/>` +
    `</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

const safeColor = (c: string) => (/^#[0-9a-fA-F]{3,8}$/.test(c) ? c : '#333');
