import pg from 'pg';

/*
 * The SELECTs the server sends to PostgreSQL while a test runs, with their parameters, for the
 * index test (test/platform/indexes.test.ts): node-postgres's client is wrapped, so nothing in
 * the server changes for it.
 */

export interface CapturedQuery {
  text: string;
  values: unknown[];
  /** What the test was doing when the query ran (the call and its request). */
  label: string;
}

export interface QueryCapture {
  /** Each distinct SELECT (text and parameters) once, with the label of its first run. */
  readonly queries: Map<string, CapturedQuery>;
  /** Labels the queries from now on; undefined: records none (setup). */
  label: string | undefined;
  /** Unwraps the client. */
  stop(): void;
}

type Query = (this: pg.Client, ...args: unknown[]) => unknown;

const keyOf = (text: string, values: unknown[]) =>
  `${text}\n${JSON.stringify(values, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}`;

/**
 * Starts recording the SELECTs (or the statements `kinds` matches); one capture at a time (it
 * wraps pg.Client.prototype.query until stop()).
 */
export function captureQueries(kinds = /^\s*(select|with)\b/i): QueryCapture {
  const proto = pg.Client.prototype as unknown as { query: Query };
  const original = proto.query;
  const capture: QueryCapture = {
    queries: new Map(),
    label: undefined,
    stop: () => void (proto.query = original),
  };
  proto.query = function (this: pg.Client, ...args: unknown[]) {
    const label = capture.label;
    // query(text, values?), query(config), or as Drizzle sends it, query(config, values).
    const [first, second] = args;
    const config = (typeof first === 'string' ? { text: first } : (first ?? {})) as pg.QueryConfig;
    const text = typeof config.text === 'string' ? config.text : '';
    if (label !== undefined && kinds.test(text)) {
      const values = [...((Array.isArray(second) ? second : config.values) ?? [])] as unknown[];
      const key = keyOf(text, values);
      if (!capture.queries.has(key)) capture.queries.set(key, { text, values, label });
    }
    return original.apply(this, args);
  };
  return capture;
}

/**
 * Counts the statements sent to PostgreSQL (node-postgres) while `work` runs, every one or those
 * named `name` (a prepared statement's); one count at a time.
 */
export async function countStatements(work: () => Promise<unknown>, name?: string): Promise<number> {
  const proto = pg.Client.prototype as unknown as { query: Query };
  const original = proto.query;
  let n = 0;
  proto.query = function (this: pg.Client, ...args: unknown[]) {
    if (name === undefined || (args[0] as { name?: string } | undefined)?.name === name) n += 1;
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    proto.query = original;
  }
  return n;
}
