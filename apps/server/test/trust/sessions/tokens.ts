import { sql } from 'drizzle-orm';
import { queryRows, type Conn } from '../../../src/platform/db.js';

/** Base64url: what every token the server hands out is written in. */
export const TOKEN_FORMAT = /^[A-Za-z0-9_-]+$/;

/**
 * What a set of tokens shows of their randomness: the bits they can carry (length × 6) and an
 * estimate of those they do: Σ over positions of log2(distinct characters seen there). A counter,
 * a timestamp or a fixed prefix leaves positions with few characters, and the estimate drops.
 */
export function tokenStats(tokens: string[]): {
  length: number;
  encodedBits: number;
  estimatedBits: number;
  fewestAtAPosition: number;
  longestSharedPrefix: number;
} {
  const length = Math.max(...tokens.map((s) => s.length));
  let estimatedBits = 0;
  let fewestAtAPosition = Infinity;
  for (let i = 0; i < length; i += 1) {
    const seen = new Set(tokens.map((s) => s[i]));
    estimatedBits += Math.log2(seen.size);
    fewestAtAPosition = Math.min(fewestAtAPosition, seen.size);
  }
  // In sorted order, the longest prefix any two tokens share is between neighbours.
  const sorted = [...tokens].sort();
  let longestSharedPrefix = 0;
  for (let i = 1; i < sorted.length; i += 1) {
    const [x, y] = [sorted[i - 1] as string, sorted[i] as string];
    let n = 0;
    while (n < x.length && x[n] === y[n]) n += 1;
    longestSharedPrefix = Math.max(longestSharedPrefix, n);
  }
  return {
    length,
    encodedBits: length * 6,
    estimatedBits: Math.floor(estimatedBits),
    fewestAtAPosition,
    longestSharedPrefix,
  };
}

/**
 * The tables some row of which holds the text, in any column: each row is read as text (every
 * column, whatever its type), and the text is looked for as it is and as the hex of its bytes
 * (how a bytea column reads).
 */
export async function tablesHolding(db: Conn, tables: string[], text: string): Promise<string[]> {
  const hex = Buffer.from(text).toString('hex');
  const found: string[] = [];
  for (const table of tables) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} t
          WHERE strpos(t::text, ${text}) > 0 OR strpos(t::text, ${hex}) > 0`,
    );
    if ((row?.n ?? 0) > 0) found.push(table);
  }
  return found;
}
