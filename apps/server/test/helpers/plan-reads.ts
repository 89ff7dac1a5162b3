/*
 * How a query plan (EXPLAIN (FORMAT JSON)) reads its tables, for the index test
 * (test/platform/indexes.test.ts): through which index, on what condition, and whether a read
 * goes through a whole table or index where an index could have narrowed it.
 */

export type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] };

/** A plan node that reads a table. */
export interface TableRead {
  node: string;
  table: string;
  /** The indexes read, each with its Index Cond ('' for none); a bitmap scan may read several. */
  indexes: { name: string; cond: string }[];
  filter: string | undefined;
  /** The nodes above it, nearest first; `via`: how the node below hangs from it (Outer, Inner…). */
  above: { node: string; via: string }[];
}

/** An index and the column or expression it leads with. */
export interface IndexKey {
  table: string;
  index: string;
  key: string;
}

/** The leading key of every index of the current schema. */
export const INDEX_KEYS_SQL = `
  SELECT c.relname AS table, ic.relname AS index, pg_get_indexdef(i.indexrelid, 1, true) AS key
  FROM pg_index i
  JOIN pg_class c ON c.oid = i.indrelid
  JOIN pg_class ic ON ic.oid = i.indexrelid
  JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = current_schema()`;

/** The Bitmap Index Scans under a Bitmap Heap Scan (through BitmapAnd and BitmapOr). */
const bitmapIndexScans = (plan: PlanNode): PlanNode[] =>
  plan['Node Type'] === 'Bitmap Index Scan' ? [plan] : (plan.Plans ?? []).flatMap(bitmapIndexScans);

export function tableReads(plan: PlanNode, above: TableRead['above'] = []): TableRead[] {
  const node = String(plan['Node Type']);
  const reads: TableRead[] = [];
  if (typeof plan['Relation Name'] === 'string' && node !== 'ModifyTable') {
    const scans = node === 'Bitmap Heap Scan' ? (plan.Plans ?? []).flatMap(bitmapIndexScans) : [plan];
    reads.push({
      node,
      table: plan['Relation Name'],
      indexes: scans
        .filter((scan) => typeof scan['Index Name'] === 'string')
        .map((scan) => ({ name: String(scan['Index Name']), cond: String(scan['Index Cond'] ?? '') })),
      filter: plan['Filter'] as string | undefined,
      above,
    });
    if (node === 'Bitmap Heap Scan') return reads;
  }
  for (const child of plan.Plans ?? [])
    reads.push(...tableReads(child, [{ node, via: String(child['Parent Relationship']) }, ...above]));
  return reads;
}

/** Whether a condition compares a column or expression (or tests it for null), as an index leading with it can. */
const compares = (condition: string, key: string) =>
  new RegExp(`(^|[( ])${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} (?:(?:=|<|>|<=|>=) |IS NULL\\b)`).test(condition);

/** Nodes that take in all their input before giving a row. */
const TAKES_ALL = new Set(['Sort', 'Hash', 'Aggregate', 'Group', 'Materialize', 'WindowAgg', 'SetOp', 'Unique']);

/**
 * Whether a read in index order stops at a LIMIT: nothing between them takes in all its input,
 * and it is not the inner side of a nested loop (read again for every outer row).
 */
function stopsAtLimit(read: TableRead): boolean {
  if (read.node === 'Bitmap Heap Scan') return false;
  for (const { node, via } of read.above) {
    if (node === 'Limit') return true;
    if (TAKES_ALL.has(node) || (node === 'Nested Loop' && via === 'Inner')) return false;
  }
  return false;
}

/**
 * How the read goes through a whole table or index where an index should narrow it, or
 * undefined when it is fine: an index read with a condition on the key the index leads with; or,
 * with nothing restricting the table, a read in index order that stops at a LIMIT (a page, newest
 * first) or a figure over every row (a count or sum without a filter: no index shortens it).
 */
export function wholeRead(read: TableRead, keys: readonly IndexKey[]): string | undefined {
  const leadOf = (index: string) => keys.find((k) => k.index === index)?.key ?? '';
  const narrowed = read.indexes.length > 0 && read.indexes.every((i) => compares(i.cond, leadOf(i.name)));
  if (narrowed) return undefined;
  const restriction = [read.filter, ...read.indexes.map((i) => i.cond)].filter(Boolean).join(' AND ');
  if (!restriction && (stopsAtLimit(read) || read.above.some((a) => a.node === 'Aggregate'))) return undefined;
  // The restriction compares a key some index of the table leads with: the planner chose another
  // index over it, as it may on the nearly empty tables of a test.
  const indexed = keys.some((k) => k.table === read.table && compares(restriction, k.key));
  if (restriction && read.node !== 'Seq Scan' && indexed) return undefined;
  const through = read.indexes.map((i) => i.name).join(', ');
  return `${read.node}${through ? ` on ${through}` : ''}${restriction ? `, keeping rows where ${restriction}` : ''}`;
}

/** The rows of `table` a plan run with ANALYZE read: those its nodes returned and those their filters removed. */
export function rowsRead(node: PlanNode, table: string): number {
  const own =
    node['Relation Name'] === table
      ? Number(node['Actual Rows'] ?? 0) * Number(node['Actual Loops'] ?? 1) +
        Number(node['Rows Removed by Filter'] ?? 0)
      : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + rowsRead(child, table), 0);
}

/**
 * A statement run as the server's pools run it once named, under a generic plan
 * (platform/named-statements.ts), with EXPLAIN ANALYZE in a transaction rolled back: its plan, with
 * what each node read. `values` as the server sent them.
 */
export async function analyzedGenericPlan(
  client: { query: (text: string) => Promise<{ rows: unknown[] }>; escapeLiteral: (s: string) => string },
  statement: { text: string; values: unknown[] },
): Promise<PlanNode> {
  const literal = (v: unknown) =>
    v === null || v === undefined
      ? 'NULL'
      : client.escapeLiteral(v instanceof Date ? v.toISOString() : String(v as string | number));
  await client.query('SET plan_cache_mode = force_generic_plan');
  await client.query(`PREPARE analyzed AS ${statement.text}`);
  await client.query('BEGIN');
  try {
    const args = statement.values.length > 0 ? `(${statement.values.map(literal).join(', ')})` : '';
    const { rows } = await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE analyzed${args}`);
    return (rows[0] as { 'QUERY PLAN': [{ Plan: PlanNode }] })['QUERY PLAN'][0].Plan;
  } finally {
    await client.query('ROLLBACK');
    await client.query('DEALLOCATE analyzed');
  }
}
