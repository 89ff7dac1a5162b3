import type { Writable } from 'node:stream';
import type pg from 'pg';

/*
 * A transaction's edges cost no round trip of their own (docs/design.md §2, "Round trips"). The
 * pool's connections run in pg's pipeline mode, which writes a query as soon as it is queued
 * without waiting for the answers before it, and:
 * - `begin` is answered at once with an empty result and written with the transaction's next
 *   statement, in one write; a BEGIN that failed fails that statement's answer;
 * - the statements a transaction holds for its commit (holdUntilCommit) are written with the
 *   `commit` (or `rollback`) that follows them, in one write. Their answers come before COMMIT's;
 *   if one failed, the transaction was aborted and PostgreSQL's COMMIT rolled it back
 *   (inTransaction then throws that failure).
 * What is held is written at the latest on the event loop's next turn (setImmediate), so a caller
 * that waits for a held answer before sending more is late, never stuck.
 */

type Query = (this: pg.ClientBase, ...args: unknown[]) => unknown;

interface Held {
  args: unknown[];
  /** Takes the held query's answer once it is sent (BEGIN's is read with the next statement's). */
  sent: (answer: Promise<unknown>) => void;
}

interface Edges {
  held: Held[];
  /** Statements are held until the transaction ends; how many so far. */
  holding: { count: number } | null;
  flushLater: NodeJS.Immediate | null;
  /** Statements queued on the connection so far (writeTogether's check). */
  queued: number;
}

const edgesOf = new WeakMap<object, Edges>();

const BEGUN: pg.QueryResult = { command: 'BEGIN', rowCount: null, oid: 0, fields: [], rows: [] };

/** `answer`, failed by BEGIN's failure first when there was a BEGIN before it. */
function afterBegin(begun: Promise<unknown> | null, answer: Promise<unknown>): Promise<unknown> {
  if (!begun) return answer;
  answer.catch(() => undefined);
  return begun.then(() => answer);
}

const textOf = (config: unknown): unknown =>
  typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;

/**
 * The statements `client` is sent from now wait for the transaction's COMMIT (or ROLLBACK) and go
 * with it. Returns how many have come; null on a connection without edges (PGlite's).
 */
export function holdUntilCommit(client: unknown): (() => number) | null {
  const edges = edgesOf.get(client as object);
  if (!edges) return null;
  const holding = { count: 0 };
  edges.holding = holding;
  return () => holding.count;
}

/** Makes `client`, in pipeline mode, write a transaction's edges with its statements as said above. */
export function pipelineEdges(client: pg.ClientBase): void {
  const send = client.query as unknown as Query;
  const stream = (client as unknown as { connection: { stream: Writable } }).connection.stream;
  const edges: Edges = { held: [], holding: null, flushLater: null, queued: 0 };
  edgesOf.set(client, edges);

  /** Writes what is held, then `args` if given, in one write; `args`' answer (BEGIN's failure first). */
  const sendHeldWith = (self: pg.ClientBase, args: unknown[] | null): unknown => {
    if (edges.flushLater) clearImmediate(edges.flushLater);
    edges.flushLater = null;
    const held = edges.held;
    edges.held = [];
    let begun: Promise<unknown> | null = null;
    let answer: unknown;
    stream.cork();
    try {
      for (const h of held) {
        const sent = send.apply(self, h.args) as Promise<unknown>;
        if (textOf(h.args[0]) === 'begin') {
          begun = sent;
          h.sent(sent);
        } else h.sent(afterBegin(begun, sent));
      }
      if (args) answer = send.apply(self, args);
    } finally {
      stream.uncork();
    }
    return answer instanceof Promise ? afterBegin(begun, answer) : answer;
  };

  const hold = (self: pg.ClientBase, args: unknown[], sent: Held['sent']) => {
    edges.held.push({ args, sent });
    edges.flushLater ??= setImmediate(() => void sendHeldWith(self, null));
  };

  (client as unknown as { query: Query }).query = function (this: pg.ClientBase, ...args: unknown[]) {
    edges.queued += 1;
    const text = textOf(args[0]);
    const callback = typeof args[args.length - 1] === 'function';
    if (!callback && text === 'begin') {
      // Its answer is read with the next statement's; caught so that none goes unhandled meanwhile.
      hold(this, args, (answer) => void answer.catch(() => undefined));
      return Promise.resolve(BEGUN);
    }
    const ends = text === 'commit' || text === 'rollback';
    if (!callback && !ends && edges.holding) {
      edges.holding.count += 1;
      return new Promise((resolve) => hold(this, args, resolve));
    }
    if (ends) edges.holding = null;
    return edges.held.length > 0 ? sendHeldWith(this, args) : send.apply(this, args);
  };
}

/**
 * Calls each of `works`, which must send its first statement when called (a Drizzle builder's
 * `execute()`, not its `then`, which sends a turn later), so that they run in the order given and
 * go in one write with whatever is held. Their answers; null on a connection without edges
 * (PGlite's), where none is called.
 */
export function writeTogether(client: unknown, works: (() => Promise<unknown>)[]): Promise<unknown>[] | null {
  const edges = edgesOf.get(client as object);
  if (!edges) return null;
  const stream = (client as { connection: { stream: Writable } }).connection.stream;
  stream.cork();
  try {
    return works.map((work, n) => {
      const before = edges.queued;
      const answer = work();
      if (edges.queued === before) throw new Error(`work ${n + 1} sent no statement when called`);
      return answer;
    });
  } finally {
    stream.uncork();
  }
}
