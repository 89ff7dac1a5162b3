/*
 * A small allowlist HTML sanitizer for operator-written bodies: known formatting tags are kept
 * without attributes (links keep a safe href), the content of script, style and similar
 * elements is dropped, every other tag is removed with its text kept, and text is escaped.
 */

const KEPT = new Set('p br strong b em i u ul ol li h3 h4 blockquote table thead tbody tr th td span a hr'.split(' '));
const VOID = new Set(['br', 'hr']);
/** Elements dropped together with everything inside them (not embed: void, its end tag never comes). */
const DROPPED = new Set('script style iframe object template noscript svg math textarea title'.split(' '));
/** Of those, the ones whose content is text to a browser: an inner tag of the same name does not nest. */
const RAW_TEXT = new Set('script style iframe noscript textarea title'.split(' '));
/**
 * Whether a start tag closes itself: only svg and math can (browsers ignore `/>` on HTML elements:
 * `<script/>` opens a script), and only with a slash of its own, not one ending an unquoted value
 * (`<svg x=/>` opens an svg).
 */
const closesItself = (name: string, attrs: string) =>
  (name === 'svg' || name === 'math') && /(?:^|[\s"'])\/$/.test(attrs);

/*
 * A comment, or a tag with its attributes. An unquoted `<` ends the attempt (the text is then
 * escaped): otherwise every `<` of a body without `>` would scan to its end, quadratic time (a
 * 50 000-character page of `<a` held the server for seconds).
 */
const TOKEN = /<!--[\s\S]*?(?:-->|$)|<\/?([a-zA-Z][a-zA-Z0-9]*)\b((?:[^<>"']|"[^"]*"|'[^']*')*)>/g;

export function sanitizeHtml(input: string): string {
  let out = '';
  let at = 0;
  /** The dropped element being skipped, and how deep in elements of its name (svg in svg). */
  let skipping: { name: string; depth: number } | null = null;
  const open: string[] = [];
  for (const match of input.matchAll(TOKEN)) {
    const [whole, rawName, attrs = ''] = match;
    if (!skipping) out += escapeText(input.slice(at, match.index));
    at = match.index + whole.length;
    if (!rawName) continue; // a comment
    const name = rawName.toLowerCase();
    const closing = whole.startsWith('</');
    const selfClosing = closesItself(name, attrs);
    if (skipping) {
      if (name !== skipping.name) continue;
      if (closing) skipping.depth -= 1;
      else if (!selfClosing && !RAW_TEXT.has(name)) skipping.depth += 1;
      if (skipping.depth === 0) skipping = null;
      continue;
    }
    if (DROPPED.has(name)) {
      if (!closing && !selfClosing) skipping = { name, depth: 1 };
      continue;
    }
    if (!KEPT.has(name)) continue;
    if (VOID.has(name)) {
      if (!closing) out += `<${name}>`;
    } else if (closing) {
      const i = open.lastIndexOf(name);
      if (i === -1) continue;
      // Close what was left open inside it, so the output stays well nested.
      for (const inner of open.splice(i).reverse()) out += `</${inner}>`;
    } else {
      open.push(name);
      out += name === 'a' ? anchor(attrs) : `<${name}>`;
    }
  }
  if (!skipping) out += escapeText(input.slice(at));
  for (const name of open.reverse()) out += `</${name}>`;
  return out;
}

/** Paragraphs of plain text as sanitized HTML (blank lines separate paragraphs). */
export function paragraphs(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeText(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

function anchor(attrs: string): string {
  const href = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attrs);
  const url = decodeEntities(href?.[1] ?? href?.[2] ?? href?.[3] ?? '').trim();
  // A backslash is a slash to browsers: /\host is another site.
  const safe = /^(https?:\/\/|\/(?!\/)|#)/i.test(url) && !/[\s"'<>`\\]/.test(url);
  return safe ? `<a href="${url.replace(/&/g, '&amp;')}" rel="noopener noreferrer">` : '<a>';
}

function escapeText(text: string): string {
  return text
    .replace(/&(?!(?:[a-zA-Z]{2,8}|#\d{1,6}|#x[0-9a-fA-F]{1,6});)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);?/gi, (_, h: string) => codePoint(parseInt(h, 16)))
    .replace(/&#(\d+);?/g, (_, d: string) => codePoint(Number(d)))
    .replace(/&colon;/gi, ':')
    .replace(/&amp;/gi, '&');
}

/**
 * A character reference's character. NUL, a lone surrogate and one past Unicode (&#9999999;) are
 * U+FFFD, as browsers read them (and PostgreSQL text holds no NUL).
 */
const codePoint = (n: number) =>
  String.fromCodePoint(n === 0 || (n >= 0xd800 && n <= 0xdfff) || n > 0x10ffff ? 0xfffd : n);
