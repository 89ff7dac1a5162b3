import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Phones without an emoji font draw an emoji as an empty box, so the app's texts and components
 * use none: icons come from antd-mobile-icons or components/ui/icons.tsx. Scanned: every source
 * file of src and the shared texts of packages/contracts; tests may quote any character.
 */

const SRC = import.meta.dirname;
const CONTRACTS = join(SRC, '../../../packages/contracts/src');

/** Deliberate pictographs, by file: none is ever shown to a player. */
const ALLOWED: Record<string, string> = {
  // A comment's arrow (what is typed ↔ minor units).
  'lib/amount.ts': '↔',
};

const PICTOGRAPH = /\p{Extended_Pictographic}/gu;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.(tsx?|css|json)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** Each file with the pictographs it holds beyond those allowed. */
function pictographsIn(dir: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const path of sourceFiles(dir)) {
    const name = relative(dir, path);
    const extra = (readFileSync(path, 'utf8').match(PICTOGRAPH) ?? []).filter((c) => !ALLOWED[name]?.includes(c));
    if (extra.length > 0) found[name] = extra.join('');
  }
  return found;
}

describe('no emoji in what the app shows', () => {
  it('the web app and the shared texts hold none outside the deliberate ones listed', () => {
    expect(pictographsIn(SRC)).toEqual({});
    expect(pictographsIn(CONTRACTS)).toEqual({});
  });

  it('finds one: an empty state with an emoji icon fails the check', () => {
    expect('<InfoState icon="🎁" />'.match(PICTOGRAPH)).toEqual(['🎁']);
    expect('✉'.match(PICTOGRAPH)).toEqual(['✉']);
  });
});
