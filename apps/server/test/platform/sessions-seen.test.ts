import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { auth } from '@breakshot/contracts';
import { queryRows } from '../../src/platform/db.js';
import { countStatements } from '../helpers/query-capture.js';
import { call, startTestApp, type TestApp } from '../helpers/test-app.js';
import { TEST_SERVER_URL } from '../helpers/test-db.js';
import { newTestPlayer, type TestPlayer } from '../helpers/withdrawals.js';

/*
 * A session's use is written at most once a minute (platform/sessions.ts markSeen), and the first
 * calls of many sessions at once are written in one statement, not one each. PostgreSQL only:
 * the statements are counted by wrapping node-postgres's client, which PGlite does not use.
 */

const SESSIONS = 20;

describe.skipIf(!TEST_SERVER_URL)("a session's use", () => {
  let t: TestApp;
  let players: TestPlayer[];
  beforeAll(async () => {
    t = await startTestApp();
    players = await Promise.all(Array.from({ length: SESSIONS }, () => newTestPlayer(t, { fundPassword: false })));
  });
  afterAll(() => t.close());

  it(`the first calls of ${SESSIONS} sessions at once write their use in one statement`, async () => {
    // A minute and more later: every session's use is stale, and its cached lookup gone.
    t.clock.advance(61_000);
    const writes = await countStatements(
      () =>
        Promise.all(
          players.map(async (p) => expect((await call(t.app, auth.userInfo, {}, { token: p.token })).code).toBe(200)),
        ),
      'mark_sessions_seen',
    );
    expect(writes).toBe(1);
    const seen = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM sessions WHERE last_seen_at = ${t.clock.now().toISOString()}::timestamptz`,
    );
    expect(seen[0]!.n).toBe(SESSIONS);
    // Within the minute, no write at all.
    t.clock.advance(1_000);
    const again = await countStatements(
      () => Promise.all(players.map((p) => call(t.app, auth.userInfo, {}, { token: p.token }))),
      'mark_sessions_seen',
    );
    expect(again).toBe(0);
  });
});
