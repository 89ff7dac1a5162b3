import { createHash } from 'node:crypto';
import pg from 'pg';

/*
 * PostgreSQL parses, analyses and plans a statement sent without a name on every call; a named
 * (prepared) one, once per connection. On the money benchmark, planning alone took as long as
 * executing for most of a deposit credit's statements, which Drizzle sends unnamed
 * (bench/README.md, "Where the money path's time goes"). So a statement with values is sent under a name
 * made from its text once this process has sent that text SEEN_BEFORE_NAMING times — a text
 * built anew for each call (a list of N values) stays unnamed — and each connection keeps at
 * most MAX_NAMED_PER_CONNECTION of them, which bounds what the server holds per connection.
 * Statements without values are left alone: they go by the simple protocol, which allows
 * several in one text (a connection's set-up) and needs no plan kept.
 */

const SEEN_BEFORE_NAMING = 3;
const MAX_NAMED_PER_CONNECTION = 400;
/** Texts counted at most; past it the counts start over (the named ones stay named). */
const MAX_COUNTED = 10_000;

/** How many times each text (by its name) was sent unnamed, in this process. */
const sentUnnamed = new Map<string, number>();

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown; submit?: unknown };

const MADE = 'n_';
const nameOf = (text: string) => `${MADE}${createHash('sha1').update(text).digest('base64url')}`;

/** Whether `name` was made here from a statement's text (not given by its caller). */
export const isMadeName = (name: string) => name.startsWith(MADE);

/** Makes `client` name its statements with values as above (called once per new connection). */
export function nameStatements(client: pg.ClientBase): void {
  const named = new Set<string>();
  const withName = (config: QueryConfig, values: unknown): QueryConfig => {
    const vals = Array.isArray(values) ? values : config.values;
    if (typeof config.text !== 'string' || config.name || !Array.isArray(vals) || vals.length === 0) return config;
    const name = nameOf(config.text);
    if (!named.has(name)) {
      const seen = (sentUnnamed.get(name) ?? 0) + 1;
      if (seen < SEEN_BEFORE_NAMING || named.size >= MAX_NAMED_PER_CONNECTION) {
        if (sentUnnamed.size >= MAX_COUNTED) sentUnnamed.clear();
        sentUnnamed.set(name, seen);
        return config;
      }
      named.add(name);
    }
    return { ...config, name };
  };
  // The prototype's query is looked up on each call, so a test's wrapping of it still sees every statement.
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = function (
    this: pg.Client,
    ...args: unknown[]
  ) {
    const [config, values] = args;
    if (typeof config === 'string') args[0] = withName({ text: config }, values);
    else if (config && typeof config === 'object' && typeof (config as QueryConfig).submit !== 'function') {
      args[0] = withName(config as QueryConfig, values);
    }
    return (pg.Client.prototype.query as (...a: unknown[]) => unknown).apply(this, args);
  };
}
