import { readFileSync } from 'node:fs';

/*
 * The money benchmark's snapshot of the server's own statements (statements/<kind>.json): what
 * test/wallet/money-statements.test.ts captured from one provider debit or billiards bet, each
 * statement's text and its values as templates that replay.ts makes fresh for every replayed call.
 * A template is decided per value by comparing two captured calls of the same player:
 *  - a value equal to one the test knows (the player's id, the provider, the match…) → a reference
 *    by name, which the benchmark fills with its own (`ref`);
 *  - a UUID → a fresh UUID per call, the same captured UUID the same fresh one (`fresh: 'uuid'`);
 *  - an ISO timestamp → now (the test's clock stands still, so it never differs between calls);
 *  - a value that differs between the two calls: a column of an earlier statement's answer if it
 *    is one (the transfer's id in the house move, `result`), else a fresh one of the same shape;
 *  - anything else literal. Strings are cut into pieces (a UUID inside an idempotency key), and a
 *    string holding JSON is templated inside (the provider's answer, the house move's entries).
 */

export type BaselineKind = 'debit' | 'bet';

export type FreshShape = 'uuid' | 'hex' | 'digits' | 'number' | 'now';

export type ValueTemplate =
  | { literal: unknown }
  | { ref: string }
  | { fresh: FreshShape; slot?: number; length?: number; base?: number }
  | { result: { statement: number; path: (string | number)[]; number?: true } }
  | { json: ValueTemplate }
  | { text: (string | ValueTemplate)[] }
  | { array: ValueTemplate[] }
  | { object: Record<string, ValueTemplate> };

export interface SnapshotStatement {
  /** node-postgres's prepared statement name, when the server names one. */
  name?: string;
  text: string;
  rowMode?: 'array';
  values: ValueTemplate[];
  /** How many rows the server's call got back: a replay that gets other than this failed. */
  rows: number;
  /** Written to the database in one write with the next statement, without waiting for its answer. */
  withNext?: true;
}

export interface StatementSnapshot {
  kind: BaselineKind;
  /** The stake of the captured call, in cents: amounts in the statements are literal. */
  stake: number;
  statements: SnapshotStatement[];
}

/** One statement as the test's wrapper of pg.Client saw it: values as sent, rows as answered. */
export interface CapturedStatement {
  name?: string;
  text: string;
  rowMode?: 'array';
  values: unknown[];
  rows: unknown[];
  withNext?: true;
}

/** What the test knows of the call, by the names the benchmark fills (replay.ts). */
export type KnownValues = Record<string, string | number>;

export const snapshotFile = (kind: BaselineKind) => new URL(`./statements/${kind}.json`, import.meta.url);

export function readSnapshot(kind: BaselineKind): StatementSnapshot {
  return JSON.parse(readFileSync(snapshotFile(kind), 'utf8')) as StatementSnapshot;
}

export const normalizedText = (text: string) => text.replace(/\s+/g, ' ').trim();

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const ISO_TIME = '\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)?(?:Z|[+-]\\d{2}:\\d{2})';
/** A hex hash: 16 or more hex digits, one of them a letter (else it is a digit string). */
const HEX = '(?=[0-9]*[a-f])[0-9a-f]{16,}';

type TokenKind = 'uuid' | 'time' | 'known' | 'hex' | 'digits' | 'literal';
interface Token {
  kind: TokenKind;
  text: string;
}

const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Builds the templates of one call's statements from two captured calls (`first`, then `second`). */
export function templateStatements(
  first: CapturedStatement[],
  second: CapturedStatement[],
  known: KnownValues,
): SnapshotStatement[] {
  if (first.length !== second.length) {
    throw new Error(`two calls sent ${first.length} and ${second.length} statements: the capture is not repeatable`);
  }
  const templater = new Templater(first, second, known);
  return second.map((statement, i) => {
    if (normalizedText(statement.text) !== normalizedText(first[i]!.text)) {
      throw new Error(`statement ${i + 1} differs between two calls: the capture is not repeatable`);
    }
    return {
      ...(statement.name ? { name: statement.name } : {}),
      text: statement.text,
      ...(statement.rowMode ? { rowMode: statement.rowMode } : {}),
      values: statement.values.map((v, n) =>
        templater.of(first[i]!.values[n], v, i, `$${n + 1} of statement ${i + 1}`),
      ),
      rows: statement.rows.length,
      ...(statement.withNext ? { withNext: true as const } : {}),
    };
  });
}

class Templater {
  /** Names of the known values by their text (numbers as digits). */
  private readonly names = new Map<string, string>();
  private readonly tokens: RegExp;
  /** The slot of each fresh value of the call, by shape and captured value. */
  private readonly slots = new Map<string, number>();

  constructor(
    private readonly first: CapturedStatement[],
    private readonly second: CapturedStatement[],
    known: KnownValues,
  ) {
    for (const [name, value] of Object.entries(known)) {
      const text = String(value);
      const other = this.names.get(text);
      if (other)
        throw new Error(`known values ${other} and ${name} are both ${text}: a captured ${text} would be either`);
      this.names.set(text, name);
    }
    const knownStrings = Object.values(known)
      .filter((v): v is string => typeof v === 'string' && v.length >= 3)
      .sort((a, b) => b.length - a.length)
      .map(escaped);
    const known_ = knownStrings.length ? `|(?<known>${knownStrings.join('|')})` : '';
    this.tokens = new RegExp(`(?<uuid>${UUID})|(?<time>${ISO_TIME})${known_}|(?<hex>${HEX})|(?<digits>\\d+)`, 'g');
  }

  of(a: unknown, b: unknown, statement: number, where: string): ValueTemplate {
    if (typeof b === 'number' && typeof a === 'number') return this.ofNumber(a, b, statement);
    if (typeof b === 'string' && typeof a === 'string') return this.ofString(a, b, statement, where);
    if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
      return { array: b.map((v, i) => this.of(a[i], v, statement, `${where}[${i}]`)) };
    }
    if (isObject(a) && isObject(b) && sameKeys(a, b)) {
      const object: Record<string, ValueTemplate> = {};
      for (const key of Object.keys(b)) object[key] = this.of(a[key], b[key], statement, `${where}.${key}`);
      return { object };
    }
    if ((b === null || typeof b === 'boolean') && a === b) return { literal: b };
    throw new Error(`${where}: cannot template ${JSON.stringify(a)} then ${JSON.stringify(b)}`);
  }

  private ofNumber(a: number, b: number, statement: number): ValueTemplate {
    if (a === b) {
      const name = this.names.get(String(b));
      return name ? { ref: name } : { literal: b };
    }
    const result = this.resultOf(String(a), String(b), statement);
    if (result) return { result: { ...result, number: true } };
    return { fresh: 'number', slot: this.slot(`number:${b}`), base: b };
  }

  private ofString(a: string, b: string, statement: number, where: string): ValueTemplate {
    const json = jsonOf(a, b);
    if (json) return { json: this.of(json[0], json[1], statement, `${where} (JSON)`) };
    const [ta, tb] = [this.tokenize(a), this.tokenize(b)];
    if (ta.length !== tb.length || ta.some((t, i) => t.kind !== tb[i]!.kind)) {
      throw new Error(`${where}: '${a}' and '${b}' are not of one shape`);
    }
    const pieces: (string | ValueTemplate)[] = [];
    tb.forEach((t, i) => {
      const piece = this.ofToken(ta[i]!, t, statement, where);
      const last = pieces[pieces.length - 1];
      if (typeof piece === 'string' && typeof last === 'string') pieces[pieces.length - 1] = last + piece;
      else pieces.push(piece);
    });
    return pieces.every((p) => typeof p === 'string') ? { literal: b } : { text: pieces };
  }

  private ofToken(a: Token, b: Token, statement: number, where: string): string | ValueTemplate {
    if (b.kind === 'uuid') return { fresh: 'uuid', slot: this.slot(`uuid:${b.text}`) };
    if (b.kind === 'time') return { fresh: 'now' };
    if (b.kind === 'known' && a.text === b.text) return { ref: this.names.get(b.text)! };
    if (a.text === b.text) {
      const name = b.kind === 'digits' ? this.names.get(b.text) : undefined;
      return name ? { ref: name } : b.text;
    }
    const result = b.kind === 'digits' ? this.resultOf(a.text, b.text, statement) : undefined;
    if (result) return { result };
    if (b.kind === 'digits' || b.kind === 'hex') {
      return { fresh: b.kind, slot: this.slot(`${b.kind}:${b.text}`), length: b.text.length };
    }
    throw new Error(`${where}: '${a.text}' and '${b.text}' differ between calls and are neither digits nor a hash`);
  }

  /** Cuts a string into UUIDs, timestamps, known values, hashes, digit strings and the text between. */
  private tokenize(s: string): Token[] {
    const tokens: Token[] = [];
    let at = 0;
    for (const m of s.matchAll(this.tokens)) {
      if (m.index > at) tokens.push({ kind: 'literal', text: s.slice(at, m.index) });
      const kind = Object.entries(m.groups ?? {}).find(([, v]) => v !== undefined)![0] as TokenKind;
      tokens.push({ kind, text: m[0] });
      at = m.index + m[0].length;
    }
    if (at < s.length) tokens.push({ kind: 'literal', text: s.slice(at) });
    return tokens;
  }

  /** Where an earlier statement of both calls answered this value (the same place in each). */
  private resultOf(a: string, b: string, statement: number) {
    for (let i = 0; i < statement; i += 1) {
      const path = pathTo(this.second[i]!.rows, b);
      if (path && String(at(this.first[i]!.rows, path)) === a) return { statement: i, path };
    }
    return undefined;
  }

  private slot(key: string): number {
    let slot = this.slots.get(key);
    if (slot === undefined) this.slots.set(key, (slot = this.slots.size));
    return slot;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const sameKeys = (a: object, b: object) => Object.keys(a).join() === Object.keys(b).join();

/** Both strings parsed, when both are JSON objects or arrays written as JSON.stringify writes them. */
function jsonOf(a: string, b: string): [unknown, unknown] | undefined {
  const parsed = (s: string) => {
    try {
      const v: unknown = JSON.parse(s);
      return typeof v === 'object' && v !== null && JSON.stringify(v) === s ? v : undefined;
    } catch {
      return undefined;
    }
  };
  const [pa, pb] = [parsed(a), parsed(b)];
  return pa !== undefined && pb !== undefined ? [pa, pb] : undefined;
}

/** The path of the first leaf of `tree` whose text is `text`. */
function pathTo(tree: unknown, text: string): (string | number)[] | undefined {
  if (typeof tree !== 'object' || tree === null) return String(tree) === text ? [] : undefined;
  for (const [key, child] of Object.entries(tree)) {
    const rest = pathTo(child, text);
    if (rest) return [Array.isArray(tree) ? Number(key) : key, ...rest];
  }
  return undefined;
}

export function at(tree: unknown, path: (string | number)[]): unknown {
  let node = tree;
  for (const key of path) node = (node as Record<string | number, unknown> | undefined)?.[key];
  return node;
}
