import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Code, tests, scripts, configs and READMEs cite what a fresh clone holds: the documents of docs/
 * (`docs/design.md §8`, `docs/spec.md §7`, `docs/stack.md pitfall 2`), never the design files
 * kept outside the repository nor an issue tracker's numbers. This test reads every tracked file
 * but docs/ itself and the lockfiles, and names each line that breaks the rule.
 */

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const thisFile = 'apps/server/test/repo/doc-references.test.ts';

/** Written by another change; code may cite it before it lands. */
const EXPECTED_DOCS = new Set(['docs/events.md']);

interface Rule {
  what: string;
  pattern: RegExp;
  /** Checked in the comment part of a line only (a `#1` in code may be a colour or a selector). */
  commentsOnly?: boolean;
}

const RULES: Rule[] = [
  {
    what: 'a design document by its old name: cite docs/design.md, docs/spec.md, docs/screens.md or docs/stack.md',
    pattern: /\b(?:DESIGN|SPEC|SCREENS|STACK)\b/,
  },
  // The design folder beside the repository (a code folder named shared/ is not it: no .md).
  { what: 'a file outside the repository (../shared/): cite docs/', pattern: /\.\.\/shared\/[\w-]+\.md\b/ },
  { what: 'an issue number: say what it meant', pattern: /\b(?:issues?|PR|pull request)\s+#?\d+/i },
  { what: "an issue's acceptance item: say what it checks", pattern: /\bacceptance\s+(?:item\s+)?\d+/i },
  // Colours have 3, 4, 6 or 8 digits: one or two digits after # are a reference.
  { what: 'an issue number (#N): say what it meant', pattern: /(?:^|[\s([,])#\d{1,2}(?![\w-])/, commentsOnly: true },
  {
    what: 'an issue number (#N): say what it meant',
    pattern: /(?:\(|\b(?:see|in|of|from|fixes|fixed|closes|closed)\s+)#\d{3,5}(?![\w-])/i,
    commentsOnly: true,
  },
];

/** A path into docs/ as code writes it (`docs/design.md`, `../docs/security.md`), not `apps/x/docs/`. */
const DOC_PATH = /(?<![\w-]|[\w-]\/)docs\/(?:[\w-]+\/)*[\w-]+\.md\b/g;
/** A section of a numbered document: `docs/design.md §8`. */
const DOC_SECTION = /(?<![\w-]|[\w-]\/)(docs\/[\w-]+\.md) §(\d+)/g;

const COMMENT_LINE = /^\s*(?:\*|\/\*|\/\/|--|#|<!--)/;
/** Where a comment starts inside a line of code: `//` (not a URL's `://`) or `/*`. */
const INLINE_COMMENT = /(?<!:)\/\/|\/\*/;

/** The part of a line that is prose: all of it in markdown and comment lines, else what follows `//` or `/*`. */
function commentOf(line: string, file: string): string {
  if (file.endsWith('.md') || COMMENT_LINE.test(line)) return line;
  const start = line.search(INLINE_COMMENT);
  return start === -1 ? '' : line.slice(start);
}

/** What is wrong with one line of `file`: the rules it breaks. */
function breaches(line: string, file: string): string[] {
  const comment = commentOf(line, file);
  return RULES.filter((r) => r.pattern.test(r.commentsOnly ? comment : line)).map((r) => r.what);
}

const exists = (doc: string) => EXPECTED_DOCS.has(doc) || existsSync(join(root, doc));

/** Whether the document has a heading numbered `n` (`## 8. Domain rules`). */
function hasSection(doc: string, n: string): boolean {
  return EXPECTED_DOCS.has(doc) || new RegExp(`^#+ ${n}\\. `, 'm').test(readFileSync(join(root, doc), 'utf8'));
}

/** The docs/ files and sections a line names that are not there. */
function missingDocs(line: string): string[] {
  const missing = [...line.matchAll(DOC_PATH)].map((m) => m[0]).filter((doc) => !exists(doc));
  for (const [, doc, n] of line.matchAll(DOC_SECTION)) {
    if (doc && n && exists(doc) && !hasSection(doc, n)) missing.push(`${doc} §${n}`);
  }
  return missing.map((doc) => `names ${doc}, which does not exist`);
}

function scannedFiles(): string[] {
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0');
  return tracked.filter(
    (f) =>
      f !== '' &&
      f !== thisFile &&
      !f.startsWith('docs/') &&
      !/(?:^|\/)(?:package-lock\.json|yarn\.lock|pnpm-lock\.yaml)$/.test(f) &&
      existsSync(join(root, f)),
  );
}

function findings(): string[] {
  const found: string[] = [];
  for (const file of scannedFiles()) {
    const text = readFileSync(join(root, file), 'utf8');
    if (text.includes('\0')) continue; // binary
    text.split('\n').forEach((line, i) => {
      for (const what of [...breaches(line, file), ...missingDocs(line)]) {
        found.push(`${file}:${i + 1}: ${what}\n    ${line.trim().slice(0, 160)}`);
      }
    });
  }
  return found;
}

describe('references to documents', () => {
  it.each([
    ['// the ledger (DESIGN.md §5)', 'a.ts'],
    ['/** SPEC §7: every call times out after 60 s. */', 'a.ts'],
    [' * the route guard (SCREENS improvement)', 'a.ts'],
    ['// STACK.md pitfall 2: antd-mobile needs unstableSetRender', 'a.ts'],
    ['The specification is `../shared/SPEC.md`.', 'README.md'],
    ['-- Rewards (docs/design.md §8; issue 14).', 'x.sql'],
    [' * Issue 13, item 5: the abuse limits hold', 'a.ts'],
    [' * Acceptance 2: every agent call acts on its own team.', 'a.ts'],
    ['// fixed in #33', 'a.mjs'],
    ['const x = 1; // see (#7)', 'a.ts'],
    [' * Same as before (#133).', 'a.ts'],
    ['Bundle budget, checked since PR #120.', 'README.md'],
  ])('flags %j', (line, file) => {
    expect(breaches(line, file)).not.toEqual([]);
  });

  it.each([
    ['// the ledger (docs/design.md §5)', 'a.ts'],
    ["const safeColor = (c: string) => (/^#[0-9a-fA-F]{3,8}$/.test(c) ? c : '#333');", 'a.ts'],
    ['  background: #000;', 'a.css'],
    ["  'color:#333}p{margin:0 0 8px}';", 'a.tsx'],
    [' * signatures RSA-SHA256 (PKCS#1 v1.5) over raw bytes', 'a.ts'],
    ['    .replace(/&#39;/g, "\'")', 'a.ts'],
    ['const ticket = await issueTicket(db, 2);', 'a.ts'],
    ['<h3>1. Acceptance</h3><p>By registering you accept these terms.</p>', 'a.ts'],
    ['<path fill="url(#shield)" stroke="#7a4d00"/>', 'a.svg'],
    ["import { KindChip } from '../shared/agent-ui';", 'a.tsx'],
    ['  mask-image: linear-gradient(90deg, transparent 0, #000 12px);', 'a.css'],
    ['const url = `https://example.com/#12`;', 'a.ts'],
    ['Specification (the customer’s spec) and the stack of tools.', 'README.md'],
  ])('leaves %j alone', (line, file) => {
    expect(breaches(line, file)).toEqual([]);
  });

  it('knows which docs/ files and sections exist', () => {
    expect(missingDocs('see docs/design.md §8 and docs/events.md')).toEqual([]);
    expect(missingDocs('the bounds (../../docs/wallet-bounds.md)')).toEqual([]);
    expect(missingDocs('apps/web/docs/guide.md is not ours')).toEqual([]);
    expect(missingDocs('see docs/nowhere.md')).toEqual(['names docs/nowhere.md, which does not exist']);
    expect(missingDocs('see docs/design.md §42')).toEqual(['names docs/design.md §42, which does not exist']);
  });

  it('docs/README.md links every document of docs/', () => {
    const index = readFileSync(join(root, 'docs/README.md'), 'utf8');
    const docs = readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md') && f !== 'README.md');
    expect(docs.filter((f) => !index.includes(`](${f})`))).toEqual([]);
  });

  it('every tracked file outside docs/ cites only what the repository holds', () => {
    expect(findings()).toEqual([]);
  });
});
