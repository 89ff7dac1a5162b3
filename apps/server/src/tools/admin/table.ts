export type Row = Record<string, string>;

/** Rows as columns padded to their widest cell (CJK characters count double), then `(n of total)` when cut. */
export function tableLines(rows: Row[], total: number): string[] {
  if (rows.length === 0) return ['(none)'];
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const widths = columns.map((c) => Math.max(width(c), ...rows.map((r) => width(r[c] ?? ''))));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell + ' '.repeat((widths[i] ?? 0) - width(cell)))
      .join('  ')
      .trimEnd();
  return [
    line(columns),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map((row) => line(columns.map((c) => row[c] ?? ''))),
    ...(total > rows.length ? [`(${rows.length} of ${total})`] : []),
  ];
}

/** The columns a text takes on a terminal. */
export const width = (s: string) =>
  [...s].reduce((n, ch) => n + (/[\u1100-\uffdc]/.test(ch) && !/[\u2010-\u27bf]/.test(ch) ? 2 : 1), 0);
