import { performance } from 'node:perf_hooks';
import type { RawConnection } from '../src/platform/db.js';
import { percentile } from './lib/percentile.js';

/*
 * What the agent benchmarks share: the team they measure on a scratch database, and the timing
 * of one case.
 */

/** Members per level below the agent (levels 1 to 4): 2,000 direct, the rest deeper. */
export const LEVELS = [2_000, 4_000, 3_000, 1_000];
export const TEAM = LEVELS.reduce((a, b) => a + b, 0);
export const OTHERS = 10_000;
/** The agent measured; its team is users 2 … TEAM+1; OTHERS players sit under user TEAM+2. */
export const AGENT_ID = 1;
export const OTHER_AGENT_ID = TEAM + 2;

/**
 * The players and their closure rows: the agent, its team level by level (each member's parent
 * on the level above), then OTHERS players under another top agent.
 */
export async function buildTree(conn: RawConnection, now: Date): Promise<void> {
  const nowSql = `'${now.toISOString()}'::timestamptz`;
  const level = (n: number) => LEVELS.slice(0, n).reduce((a, b) => a + b, 0);
  await conn.exec(`
    INSERT INTO users (id, username, password_hash, nickname, invite_code, parent_id, vip_level, created_at)
    VALUES (${AGENT_ID}, 'benchagent', 'x', 'benchagent', 'BA0001', NULL, 3, ${nowSql} - interval '400 days');
    INSERT INTO users (id, username, password_hash, nickname, invite_code, parent_id, vip_level, created_at)
    SELECT i, 'member' || i, 'x', 'member' || i, 'M' || lpad(i::text, 5, '0'),
      CASE WHEN i <= ${level(1) + 1} THEN 1
           WHEN i <= ${level(2) + 1} THEN 2 + (i % ${LEVELS[0]})
           WHEN i <= ${level(3) + 1} THEN ${level(1) + 2} + (i % ${LEVELS[1]})
           ELSE ${level(2) + 2} + (i % ${LEVELS[2]}) END,
      i % 10, ${nowSql} - (i % 365) * interval '1 day' - (i % 86400) * interval '1 second'
    FROM generate_series(2, ${TEAM + 1}) i;
    INSERT INTO users (id, username, password_hash, nickname, invite_code, parent_id, vip_level, created_at)
    SELECT i, 'other' || i, 'x', 'other' || i, 'O' || lpad(i::text, 5, '0'),
      CASE WHEN i = ${OTHER_AGENT_ID} THEN NULL ELSE ${OTHER_AGENT_ID} END, 0, ${nowSql} - (i % 300) * interval '1 day'
    FROM generate_series(${OTHER_AGENT_ID}, ${TEAM + OTHERS + 2}) i;
    SELECT setval('users_id_seq', ${TEAM + OTHERS + 2});

    INSERT INTO user_tree (ancestor_id, descendant_id, depth) SELECT id, id, 0 FROM users;
  `);
  // Closure rows level by level: a member's ancestors are its parent's, one deeper.
  const bounds = [2, ...LEVELS.map((_, i) => level(i + 1) + 2)];
  for (let i = 0; i < LEVELS.length; i += 1) {
    await conn.exec(`
      INSERT INTO user_tree (ancestor_id, descendant_id, depth)
      SELECT t.ancestor_id, u.id, t.depth + 1 FROM users u JOIN user_tree t ON t.descendant_id = u.parent_id
      WHERE u.id >= ${bounds[i]} AND u.id < ${bounds[i + 1]}`);
  }
  await conn.exec(`
    INSERT INTO user_tree (ancestor_id, descendant_id, depth)
    SELECT ${OTHER_AGENT_ID}, id, 1 FROM users WHERE parent_id = ${OTHER_AGENT_ID}`);
}

/** p50 and p95 in ms of `runs` calls of `fn`, after `warmup` untimed ones. */
export async function timed(
  fn: () => Promise<unknown>,
  runs: number,
  warmup: number,
): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let run = 0; run < warmup + runs; run += 1) {
    const start = performance.now();
    await fn();
    if (run >= warmup) times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}
