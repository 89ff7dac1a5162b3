import { randomBytes, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { holdUntilCommit } from '../../src/platform/pipelined-edges.js';
import { at, type SnapshotStatement, type StatementSnapshot, type ValueTemplate } from './statements.js';

/*
 * One replayed call of a statement snapshot (statements.ts): its statements in the captured order
 * on one client, each value made from its template: the benchmark's own rows for the references,
 * fresh UUIDs, hashes, digit strings and numbers, now for timestamps, and earlier answers for the
 * values the server took from them.
 */

/** The values a reference names, for one call: the benchmark's fixed rows and the call's player. */
export type References = Record<string, string | number>;

/** Every reference the snapshot makes, so that a missing one fails before the clock starts. */
export function referencesOf(snapshot: StatementSnapshot): Set<string> {
  const names = new Set<string>();
  const walk = (t: ValueTemplate | string): void => {
    if (typeof t === 'string') return;
    if ('ref' in t) names.add(t.ref);
    else if ('json' in t) walk(t.json);
    else if ('text' in t) t.text.forEach(walk);
    else if ('array' in t) t.array.forEach(walk);
    else if ('object' in t) Object.values(t.object).forEach(walk);
  };
  for (const s of snapshot.statements) s.values.forEach(walk);
  return names;
}

/** Counters shared by all calls of a run, so that fresh digits and numbers never repeat. */
let freshCount = 0;
const runStart = BigInt(Date.now());

/** A digit string of `length` unique in this run: the run's start in ms and a counter, its last digits. */
function freshDigits(length: number): string {
  freshCount += 1;
  return String(runStart * 10_000_000n + BigInt(freshCount % 10_000_000))
    .padStart(length, '0')
    .slice(-length);
}

/** The values of one call: fresh ones made once per slot, so a captured value repeated stays one. */
class Call {
  private readonly fresh = new Map<number, unknown>();
  private readonly now = new Date().toISOString();
  readonly results: unknown[][] = [];

  constructor(private readonly refs: References) {}

  value(t: ValueTemplate): unknown {
    if ('literal' in t) return t.literal;
    if ('ref' in t) return this.refs[t.ref];
    if ('json' in t) return JSON.stringify(this.value(t.json));
    if ('text' in t) return t.text.map((p) => (typeof p === 'string' ? p : String(this.value(p)))).join('');
    if ('array' in t) return t.array.map((v) => this.value(v));
    if ('object' in t) return Object.fromEntries(Object.entries(t.object).map(([k, v]) => [k, this.value(v)]));
    if ('result' in t) {
      const found = at(this.results[t.result.statement], t.result.path);
      return t.result.number ? Number(found) : found;
    }
    if (t.fresh === 'now') return this.now;
    const slot = t.slot ?? -1;
    if (!this.fresh.has(slot)) this.fresh.set(slot, freshValue(t));
    return this.fresh.get(slot);
  }
}

function freshValue(t: { fresh: string; length?: number; base?: number }): unknown {
  switch (t.fresh) {
    case 'uuid':
      return randomUUID();
    case 'hex':
      return randomBytes(Math.ceil((t.length ?? 64) / 2))
        .toString('hex')
        .slice(0, t.length ?? 64);
    case 'digits':
      return freshDigits(t.length ?? 20);
    default:
      freshCount += 1;
      return (t.base ?? 0) + freshCount;
  }
}

const configOf = (s: SnapshotStatement, values: unknown[]): pg.QueryConfig => ({
  ...(s.name ? { name: s.name } : {}),
  text: s.text,
  values,
  ...(s.rowMode ? { rowMode: s.rowMode } : {}),
});

/** Sends the snapshot's statements in order on `client`, BEGIN to COMMIT and what follows it. */
export async function replayCall(client: pg.PoolClient, snapshot: StatementSnapshot, refs: References): Promise<void> {
  const call = new Call(refs);
  const { statements } = snapshot;
  const send = (i: number) => {
    const statement = statements[i]!;
    return client.query(
      configOf(
        statement,
        statement.values.map((v) => call.value(v)),
      ),
    );
  };
  for (let i = 0; i < statements.length;) {
    // Statements the server wrote together go together: BEGIN with the next (the pool's edges do
    // that), the last ones with COMMIT (platform/pipelined-edges.ts).
    let end = i;
    while (statements[end]?.withNext) end += 1;
    const sent = Array.from({ length: end - i + 1 }, (_, n) => i + n);
    if (sent.length > 1 && statements[end]!.text.trim().toLowerCase() === 'commit') holdUntilCommit(client);
    const answers = sent.map(send);
    for (const [n, answer] of answers.entries()) {
      const { rows } = await answer;
      const expected = statements[sent[n]!]!.rows;
      if (rows.length !== expected) {
        throw new Error(`statement ${sent[n]! + 1} answered ${rows.length} rows, the server's ${expected}`);
      }
      call.results.push(rows as unknown[]);
    }
    i += sent.length;
  }
}
