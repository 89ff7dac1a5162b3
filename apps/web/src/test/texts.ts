/* Test helpers (imported by *.test.ts(x) only): checks of a feature's texts. */
import { expect } from 'vitest';
import type { Resources } from '../lib/i18n';

/** Every key of a text set has a Chinese and a non-empty English text. */
export function expectBothLanguages(texts: Resources): void {
  const zh = Object.keys(texts['zh-CN']).sort();
  const en = Object.keys(texts.en).sort();
  expect(en).toEqual(zh);
  for (const k of zh) expect(texts.en[k], k).not.toBe('');
}
