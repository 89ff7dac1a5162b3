/*
 * What an answer must never show of the server's insides: a stack frame, a source path, SQL or a
 * database or driver error (the log has the details). Used on every answer the fuzzer and the
 * error-answer tests get; headers.test.ts checks that no message a player can be shown (each
 * validation message, field label and server error, in Chinese and English) is taken for one.
 */

const LEAKS: readonly (readonly [string, RegExp])[] = [
  ['a stack frame', /\n\s+at |\bat [\w$.<>[\] ]+ \(|\bat (?:file:|node:|\/|[A-Za-z]:\\)/],
  // From the start of a name only: tried at every character of a long word, it is quadratic.
  ['a source file', /(?<![\w-])[\w-]+\.(?:ts|js|mjs|cjs):\d+/],
  ['a file path', /file:\/\/|(?:^|[\s"'(])\/(?:home|root|usr|var|tmp|opt|app|srv|data|work|Users)\/|[A-Za-z]:\\\w/],
  ['node_modules', /node_modules/],
  ['an error class', /\b(?:Type|Range|Reference|Syntax|Zod|Drizzle\w*|Database|Postgres)Error\b|\bError: /],
  // SQL as PostgreSQL and Drizzle write it (keywords in capitals, or names in quotes), not an
  // English sentence that says "select … from".
  ['SQL', /\b(?:SELECT|INSERT INTO|UPDATE \S+ SET|DELETE FROM|ALTER TABLE|DROP TABLE)\b|Failed query/],
  [
    'SQL with quoted names',
    /\b(?:select|insert into|update|delete from)\s+(?:"|\*|distinct\b|count\()|\b(?:from|into|where)\s+"\w+"/i,
  ],
  ['a relation', /\brelation\b/i],
  ['a column', /\bcolumn\b/i],
  ['a constraint', /\bconstraint\b|\bviolates\b/i],
  ['a duplicate key', /duplicate key/i],
  ['invalid input syntax', /invalid input syntax|invalid input value/i],
  ['a syntax error', /syntax error/i],
  ['a type error of the database', /out of range for type|value too long for type|numeric field overflow/i],
  // The SQLSTATE codes PostgreSQL answers with most (not any five characters: that may be an amount).
  [
    'a PostgreSQL error code',
    /\b(?:22P02|22001|22003|22007|22008|22021|23502|23503|23505|23514|25P02|40001|40P01|42P01|42703|42601|42804|53300|57014|57P01|08006|XX000)\b/,
  ],
  [
    'a database driver',
    /PGlite|drizzle|node-postgres|pg-pool|pg-protocol|pool after calling end|Connection terminated/i,
  ],
];

/** Any absolute path: a sentence for the user has none (the body may hold links, its msg not). */
const PATH = /(?:\/[\w.@-]+){2,}/;

/** The names of the leaks in an answer's body, `[]` when there are none. */
export function leaksIn(body: string): string[] {
  const found = LEAKS.filter(([, re]) => re.test(body)).map(([name]) => name);
  if (PATH.test(messageOf(body))) found.push('a path in msg');
  return found;
}

/** The envelope's msg, or '' when the body is no envelope. */
function messageOf(body: string): string {
  try {
    const msg = (JSON.parse(body) as { msg?: unknown } | null)?.msg;
    return typeof msg === 'string' ? msg : '';
  } catch {
    return '';
  }
}
