import { describe, expect, it } from 'vitest';
import { CSV_PAGE_SIZE, csvField, csvStream } from '../../src/platform/csv.js';

describe('CSV export', () => {
  it('quotes what needs quoting and defuses formulas in text, not in numbers', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField('-1+1')).toBe("'-1+1");
    expect(csvField(';=HYPERLINK("x")')).toBe(`"';=HYPERLINK(""x"")"`);
    expect(csvField('\tcmd')).toBe("'\tcmd");
    expect(csvField('\r=1')).toBe(`"'\r=1"`);
    expect(csvField(-500)).toBe('-500');
    expect(csvField(null)).toBe('');
    expect(csvField({ a: 1 })).toBe('"{""a"":1}"');
  });

  it('streams page after page, asking for the next only when the last was full', async () => {
    const total = CSV_PAGE_SIZE * 2 + 5;
    const asked: number[] = [];
    const stream = csvStream(['id', 'name'], async (page, size) => {
      asked.push(page);
      const from = (page - 1) * size;
      const ids = Array.from({ length: Math.max(0, Math.min(size, total - from)) }, (_, i) => from + i + 1);
      return { list: ids.map((id) => ({ id, name: `n${id}` })) };
    });
    let text = '';
    for await (const chunk of stream) text += String(chunk);
    const lines = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('id,name');
    expect(lines).toHaveLength(total + 1);
    expect(lines.at(-1)).toBe(`${total},n${total}`);
    expect(asked).toEqual([1, 2, 3]);
  });
});
