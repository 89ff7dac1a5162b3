import { Readable } from 'node:stream';

/** Rows fetched per query while exporting: one page in memory at a time. */
export const CSV_PAGE_SIZE = 1000;

/**
 * What a spreadsheet may read as the start of a formula (OWASP's CSV injection list): `=`, `+`,
 * `-`, `@`, tab, carriage return, and `;` (a separator some locales' spreadsheets split on, so a
 * `;=…` cell becomes a formula cell).
 */
const FORMULA_START = /^[=+\-@\t\r;]/;

/** One CSV field: quoted when needed; text that a spreadsheet would run as a formula is defused. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (values: unknown[]) => `${values.map(csvField).join(',')}\r\n`;

/**
 * The rows of a paged list as a CSV stream: the header, then page after page of `fetch` (each
 * read only when the client has taken the one before), until a page comes back short.
 */
export function csvStream(
  columns: string[],
  fetch: (page: number, pageSize: number) => Promise<{ list: Record<string, unknown>[] }>,
): Readable {
  async function* lines() {
    // A byte-order mark, so spreadsheet programs read the Chinese text as UTF-8.
    yield `\uFEFF${csvLine(columns)}`;
    for (let page = 1; ; page += 1) {
      const { list } = await fetch(page, CSV_PAGE_SIZE);
      if (list.length > 0) yield list.map((row) => csvLine(columns.map((c) => row[c]))).join('');
      if (list.length < CSV_PAGE_SIZE) return;
    }
  }
  return Readable.from(lines());
}
