import { createReadStream, createWriteStream, existsSync, renameSync, rmSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip, createGzip } from 'node:zlib';
import type { SequenceState, TableSum } from './catalog.js';

/*
 * The export file: gzip'd JSON lines. The header; then, for each table in insert order, a line
 * {"table": name} and its rows, one `row_to_json` text a line (numbers, timestamps and bytea
 * exactly as PostgreSQL wrote them: never parsed on the way); then {"end": true}.
 */

export const FORMAT = 'breakshot-export';
export const FORMAT_VERSION = 1;

export interface ExportHeader {
  format: typeof FORMAT;
  version: typeof FORMAT_VERSION;
  exportedAt: string;
  /** 'pglite' or 'pg': what it was exported from. */
  source: string;
  /** schema_migrations of the source, in order. */
  migrations: string[];
  tables: ({ name: string } & TableSum)[];
  sequences: SequenceState[];
  /** Fingerprint of the key that sealed the secrets in the rows (secrets-key.ts); null: none sealed. */
  secretsKey: string | null;
}

/** A refusal worded for the operator (printed without a stack trace). */
export class TransferRefused extends Error {}

/** An export never overwrites a file. */
export function refuseExisting(file: string): void {
  if (existsSync(file)) throw new TransferRefused(`${file} exists already: remove it or name another file`);
}

/** Writes the lines to `file` (0600: it holds every player's data) via a partial file: all or nothing. */
export async function writeExportFile(file: string, lines: AsyncIterable<string>): Promise<void> {
  refuseExisting(file);
  const partial = `${file}.partial`;
  async function* withNewlines() {
    for await (const line of lines) yield `${line}\n`;
  }
  try {
    await pipeline(Readable.from(withNewlines()), createGzip(), createWriteStream(partial, { mode: 0o600 }));
    renameSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
}

/** The file's lines, in order (a damaged gzip stream throws). */
export async function* readLines(file: string): AsyncGenerator<string> {
  if (!existsSync(file)) throw new TransferRefused(`no export file ${file}`);
  const gunzip = createGunzip();
  // A read or gzip error destroys gunzip, which ends the loop below with that error.
  const piping = pipeline(createReadStream(file), gunzip);
  piping.catch(() => undefined);
  const decoder = new StringDecoder('utf8');
  let rest = '';
  for await (const chunk of gunzip) {
    rest += decoder.write(chunk as Buffer);
    let start = 0;
    for (let end = rest.indexOf('\n'); end >= 0; end = rest.indexOf('\n', start)) {
      yield rest.slice(start, end);
      start = end + 1;
    }
    rest = rest.slice(start);
  }
  await piping;
  rest += decoder.end();
  if (rest) yield rest;
}

/** The header of an export's first line, checked to be one this code reads. */
export function parseHeader(line: string | undefined, file: string): ExportHeader {
  let header: Partial<ExportHeader> | null = null;
  try {
    header = line ? (JSON.parse(line) as Partial<ExportHeader>) : null;
  } catch {
    // not JSON: refused below
  }
  if (header?.format !== FORMAT) throw new TransferRefused(`${file} is not a Breakshot export (npm run db:export)`);
  if (header.version !== FORMAT_VERSION)
    throw new TransferRefused(`${file} is an export of format ${header.version}; this version reads ${FORMAT_VERSION}`);
  return header as ExportHeader;
}
