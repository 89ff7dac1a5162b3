import fc from 'fast-check';
import reference from 'sanitize-html';
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../src/modules/content/sanitize.js';

/*
 * Our sanitizer (modules/content/sanitize.ts) against a reference one, sanitize-html, given the
 * same allowlist: whatever HTML goes in, what ours keeps is what the reference keeps too (no tag,
 * attribute or URL scheme outside the allowlist), read back by the reference's parser; and the
 * text outside dropped elements comes out whole.
 */

const KEPT = 'p br strong b em i u ul ol li h3 h4 blockquote table thead tbody tr th td span a hr'.split(' ');
const VOID = new Set(['br', 'hr', 'img', 'input', 'embed']);
const DROPPED = 'script style iframe object template noscript svg math textarea title'.split(' ');
const RAW_TEXT = 'script style iframe noscript textarea title'.split(' ');
const OTHER = 'div img input embed form button select option video base meta link body html marquee'.split(' ');

/** The reference with our allowlist: `rel` is ours, always "noopener noreferrer" on a kept link. */
const REFERENCE: reference.IOptions = {
  allowedTags: KEPT,
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  nonTextTags: DROPPED,
};

interface Element {
  tag: string;
  attrs: Record<string, string>;
}

/** Every element of `html` with its attributes (values decoded), as the reference's parser reads them. */
function elementsOf(html: string): Element[] {
  const found: Element[] = [];
  reference(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    onOpenTag: (tag, attrs) => found.push({ tag, attrs }),
  });
  return found;
}

/** The text of `html` a reader sees, without the content of dropped elements, entities decoded. */
function textOf(html: string): string {
  return reference(html, { allowedTags: [], allowedAttributes: {}, nonTextTags: DROPPED })
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** A URL our sanitizer may keep: http(s), a path on this site, or a fragment. */
const safeHref = (url: string) => /^(https?:\/\/|\/(?!\/)|#)/i.test(url) && !/[\s"'<>`\\]/.test(url);

/** What no output of ours may hold, whatever went in. */
function expectOnlyAllowlisted(out: string): void {
  const elements = elementsOf(out);
  for (const { tag, attrs } of elements) {
    expect(KEPT).toContain(tag);
    expect(Object.keys(attrs).filter((a) => !(tag === 'a' && (a === 'href' || a === 'rel')))).toEqual([]);
    if (attrs.href !== undefined) expect(safeHref(attrs.href), attrs.href).toBe(true);
  }
  // The reference drops nothing of it: the same elements, the same attributes.
  expect(elementsOf(reference(out, REFERENCE))).toEqual(elements);
}

const URLS = [
  'https://example.com/a?b=1&c=2',
  'http://example.com',
  '/news/1',
  '#top',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'java&#x09;script:alert(1)',
  '&#106;avascript:alert(1)',
  '&#x6A;avascript:alert(1)',
  'javascript&colon;alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '//evil.example',
  '/\\evil.example',
  'https://ok.example" onmouseover="alert(1)',
  "https://ok.example' onmouseover='alert(1)",
  'https://ok.example/`x`',
];
const ATTRIBUTES = ['href', 'src', 'onclick', 'onerror', 'onmouseover', 'style', 'class', 'id', 'rel', 'formaction'];

/** name="value", name='value' or name=value (an unquoted value ends at a space). */
const attribute = fc
  .tuple(
    fc.constantFrom(...ATTRIBUTES),
    fc.oneof(fc.constantFrom(...URLS), fc.constant('alert(1)'), fc.string({ maxLength: 8 })),
    fc.constantFrom('"', "'", ''),
  )
  .map(([name, value, quote]) => {
    const v = quote === '' ? value.replace(/[\s"'<>=`]/g, '') || 'x' : value.split(quote).join('');
    return ` ${name}=${quote}${v}${quote}`;
  });

const tagName = fc.oneof(
  fc.constantFrom(...KEPT),
  fc.constantFrom(...DROPPED),
  fc.constantFrom(...OTHER),
  fc.constantFrom(...KEPT, ...OTHER).map((t) => t.toUpperCase()),
);

/** Text as a reader sees it, and as it is written in HTML (& < > escaped). */
const text = fc
  .string({ unit: fc.constantFrom('a', 'b', ' ', '\n', '&', '<', '>', '"', "'", '中', ';', '#') })
  .map((plain) => ({ plain, html: plain.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') }));

interface Tree {
  html: string;
  /** The text outside dropped elements. */
  plain: string;
}

/** Well-formed HTML: elements inside and outside the allowlist, with any attributes, nested. */
const tree = fc.letrec<{ node: Tree; nodes: Tree }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text,
    fc.tuple(tagName, fc.array(attribute, { maxLength: 3 }), tie('nodes'), text).map(([tag, attrs, nodes, raw]) => {
      const name = tag.toLowerCase();
      if (VOID.has(name)) return { html: `<${tag}${attrs.join('')}>`, plain: '' };
      // Inside script, style and the like everything is text: an inner tag would end nothing.
      const inner = RAW_TEXT.includes(name) ? raw : nodes;
      return {
        html: `<${tag}${attrs.join('')}>${inner.html}</${tag}>`,
        plain: DROPPED.includes(name) ? '' : inner.plain,
      };
    }),
  ),
  nodes: fc
    .array(tie('node'), { maxLength: 4 })
    .map((nodes) => ({ html: nodes.map((n) => n.html).join(''), plain: nodes.map((n) => n.plain).join('') })),
}));

/** Anything: pieces of tags, quotes, comments and text in any order. */
const malformed = fc
  .array(
    fc.oneof(
      fc.constantFrom('<', '>', '</', '/>', '"', "'", '=', '<!--', '-->', ' ', '&', '&#', ';', 'x'),
      fc.constantFrom('<a', '<p', '<script>', '</script>', '<style>', '</a>', '<svg><a>', '<img', '<!DOCTYPE html>'),
      attribute,
      tagName.map((t) => `<${t}`),
      tagName.map((t) => `</${t}>`),
    ),
    { maxLength: 30 },
  )
  .map((parts) => parts.join(''));

describe('the HTML sanitizer against a reference with the same allowlist', () => {
  it('keeps no tag, attribute or URL scheme the reference would drop, and keeps the text, of well-formed HTML', () => {
    fc.assert(
      fc.property(tree.nodes, ({ html, plain }) => {
        const out = sanitizeHtml(html);
        expectOnlyAllowlisted(out);
        expect(textOf(out)).toBe(plain);
        expect(textOf(out)).toBe(textOf(reference(html, REFERENCE)));
      }),
      { numRuns: 400 },
    );
  });

  it('keeps nothing outside the allowlist of malformed HTML either', () => {
    fc.assert(
      fc.property(malformed, (html) => expectOnlyAllowlisted(sanitizeHtml(html))),
      { numRuns: 1000 },
    );
  });
});
