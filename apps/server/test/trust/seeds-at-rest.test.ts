// Provably fair seeds at rest: a seed not yet revealed (today's wheel seed, a demo feed match's, a
// demo slot session's next) is sealed in the database and in db:export, so a copy of either
// predicts no outcome; revealed, each still verifies against the hash committed before.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games, rewards, taiqiu } from '@breakshot/contracts';
import { buildApp } from '../../src/app.js';
import { DEFAULT_DEMO_FEED, DemoFeed } from '../../src/modules/demo-feed/player.js';
import { openDatabase, queryRows } from '../../src/platform/db.js';
import { SecretsKeyMismatch } from '../../src/platform/secret-box.js';
import { exportDatabase } from '../../src/tools/db-transfer/export.js';
import { tableNames } from '../helpers/counts.js';
import { listenLocal } from '../helpers/live-client.js';
import { toSiteTime } from '../helpers/rewards.js';
import { fundedPlayer, matchPage } from '../helpers/taiqiu.js';
import { call, startAppOn, TEST_SECRETS_KEY, testClock, type TestApp } from '../helpers/test-app.js';
import { freshDatabase, TEST_SERVER_URL, type TestDatabase } from '../helpers/test-db.js';
import { expectLedgerOk } from '../helpers/wallet.js';
import { ADMIN_TEST_TOKEN, type TestPlayer } from '../helpers/withdrawals.js';
import { figure } from './figures.js';

const OPTIONS = { ...DEFAULT_DEMO_FEED, upcoming: 2, underWayMs: [30_000], timeoutMs: 60_000 };
const SEALED = /^sealed:v1:/;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** An outsider's number of a draw: HMAC-SHA256(seed, `${clientSeed}:${nonce}:0`), 4 bytes / 2^32. */
const outsiderFloat = (seed: string, clientSeed: string, nonce: number) =>
  createHmac('sha256', seed).update(`${clientSeed}:${nonce}:0`).digest().readUInt32BE(0) / 2 ** 32;

describe('provably fair seeds at rest', () => {
  let fresh: TestDatabase;
  let t: TestApp;
  let demoFeed: DemoFeed;
  const dir = mkdtempSync(join(tmpdir(), 'breakshot-seeds-'));
  // One clock across restarts.
  const clock = testClock();

  /** The app on the test's database as a start of the server makes it (sealing what is to be sealed), listening. */
  async function start(): Promise<TestApp> {
    const started = await startAppOn(await fresh.open(), {
      demoProvider: true,
      adminToken: ADMIN_TEST_TOKEN,
      scheduler: false,
      now: clock.now,
    });
    const base = (await listenLocal(started.app)).replace('ws://', 'http://');
    demoFeed = new DemoFeed(started.app.ctx, () => base, OPTIONS);
    return { ...started, clock };
  }

  beforeAll(async () => {
    // One the app can be started on again: a new database of the run's PostgreSQL, else a PGlite folder.
    const dataDir = join(dir, 'data');
    fresh = TEST_SERVER_URL
      ? await freshDatabase()
      : { url: undefined, open: () => openDatabase({ dataDir }), drop: async () => undefined };
    t = await start();
    toSiteTime(t, 9);
  });
  afterAll(async () => {
    await expectLedgerOk(t.db);
    await t.close();
    await fresh.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const wheelInfo = async (p: TestPlayer) => (await call(t.app, rewards.spinInfo, {}, { token: p.token })).data;
  const matchesOf = async (status: 'live' | 'upcoming') =>
    (await call(t.app, taiqiu.matches, { status, page: 1, pageSize: 20 })).data.list;
  async function demoApi(path: string, body: object) {
    const res = await t.app.inject({ method: 'POST', url: `/demo-provider/api/${path}`, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  /** A demo slot session of the player, opened: its first round's seed committed. */
  async function slotSession(p: TestPlayer) {
    const launched = await call(t.app, games.launch, { gameCode: 'demo-slot' }, { token: p.token });
    const l = Object.fromEntries(new URL(launched.data.url, 'http://site.example').searchParams);
    const session = await demoApi('session', { token: l.token, user: l.user, game: l.game, currency: l.currency });
    return { token: l.token!, seedHash: session.next.seedHash as string };
  }
  /** Plays the slot's committed round: its seed, revealed, must be the one committed and draw the reels. */
  async function revealSlot(session: { token: string; seedHash: string }): Promise<string> {
    const spin = await demoApi('slot/spin', { ...session, stake: 200, clientSeed: 'at-rest' });
    expect(spin.round.seedHash).toBe(session.seedHash);
    expect(sha256(spin.round.serverSeed)).toBe(session.seedHash);
    return spin.round.serverSeed;
  }
  /** Ticks the demo feed until the match has ended; its revealed seed must match its hash and redraw each frame. */
  async function playOut(matchId: number, seedHash: string): Promise<string> {
    for (let i = 0; i < 2_000 && (await matchPage(t, matchId)).status !== 'finished'; i += 1) {
      clock.advance(10_000);
      await demoFeed.tick();
    }
    return verifiedMatchSeed(matchId, seedHash);
  }
  async function verifiedMatchSeed(matchId: number, seedHash: string): Promise<string> {
    const page = await matchPage(t, matchId);
    expect(page.seedHash).toBe(seedHash);
    expect(sha256(page.serverSeed!)).toBe(seedHash);
    const { clientSeed, frameWinA, frames } = page.fairness!;
    expect(frames.map((_, n) => (outsiderFloat(page.serverSeed!, clientSeed, n) < frameWinA ? 'a' : 'b'))).toEqual(
      frames,
    );
    return page.serverSeed!;
  }
  /** The next day's wheel page reveals the day's seed: it must match the day's hash and redraw the prize. */
  async function revealWheel(p: TestPlayer, day: { date: string; seedHash: string }, draw?: rewards.SpinDraw) {
    const { yesterday } = await wheelInfo(p);
    expect(yesterday).toMatchObject(day);
    expect(sha256(yesterday!.serverSeed)).toBe(day.seedHash);
    if (draw) {
      // The published rule: the first prize whose running sum of weights passes float × total.
      const total = draw.weights.reduce((a, b) => a + b);
      let at = outsiderFloat(yesterday!.serverSeed, draw.clientSeed, draw.nonce) * total;
      let index = 0;
      while (at >= draw.weights[index]!) at -= draw.weights[index++]!;
      expect(draw.prizeIndex).toBe(index);
    }
    return yesterday!.serverSeed;
  }

  /** The raw seed columns of what is still to be revealed. */
  const unrevealed = (today: string) =>
    queryRows<{ place: string; seed: string }>(
      t.db,
      sql`SELECT 'wheel day ' || user_id AS place, server_seed AS seed FROM wheel_days WHERE date >= ${today}
          UNION ALL SELECT 'match ' || id, server_seed FROM taiqiu_matches
            WHERE server_seed IS NOT NULL AND status IN ('scheduled', 'live')
          UNION ALL SELECT 'demo match ' || ref, server_seed FROM demo_feed_matches WHERE NOT finished
          UNION ALL SELECT 'demo session', server_seed FROM demo_sessions`,
    );

  /** Every row of every table as text, and the db:export file's text, as a copy would hold them. */
  async function copies(): Promise<{ rows: string; exported: string }> {
    const tables = await tableNames(t.db);
    let rows = '';
    for (const table of tables) {
      const texts = await queryRows<{ row: string }>(t.db, sql`SELECT t::text AS row FROM ${sql.identifier(table)} t`);
      rows += texts.map((r) => r.row).join('\n');
    }
    const file = join(dir, `export-${randomBytes(4).toString('hex')}.gz`);
    await exportDatabase(t.app.ctx.database, file, { key: TEST_SECRETS_KEY, from: 'SECRETS_KEY' });
    return { rows, exported: gunzipSync(readFileSync(file)).toString() };
  }

  it('a committed wheel day, scheduled and live matches and an open slot session keep their seeds sealed in rows and db:export; revealed, each verifies', async () => {
    // Today's wheel seed, committed and drawn on.
    const p = await fundedPlayer(t, 10_000);
    const today = (await wheelInfo(p)).today;
    const draw = (await call(t.app, rewards.spinDrawCall, { clientSeed: 'at-rest' }, { token: p.token })).data;
    expect(draw.serverSeed).toBeNull();
    // The demo feed's schedule: a live match under way, upcoming ones.
    await demoFeed.tick();
    const [live] = await matchesOf('live');
    const [upcoming] = await matchesOf('upcoming');
    expect([live, upcoming].every((m) => m?.seedHash && m.serverSeed === null)).toBe(true);
    // A demo slot session with its first round's seed committed.
    const session = await slotSession(p);

    const raw = await unrevealed(today.date);
    const places = raw.map((r) => r.place);
    expect(places).toEqual(expect.arrayContaining(['demo session', `wheel day ${p.userId}`]));
    expect(places.filter((place) => place.startsWith('demo match '))).toHaveLength(3);
    expect(raw.filter((r) => !SEALED.test(r.seed))).toEqual([]);
    const copy = await copies();

    // Revealed as before: the slot round, the matches (played out by the feed), the wheel day.
    const revealed: Record<string, string> = {};
    revealed['slot session'] = await revealSlot(session);
    revealed['live match'] = await playOut(live!.id, live!.seedHash!);
    revealed['scheduled match'] = await playOut(upcoming!.id, upcoming!.seedHash!);
    toSiteTime(t, 0, 5);
    revealed['wheel day'] = await revealWheel(p, today, draw);

    const found = Object.entries(revealed).flatMap(([name, seed]) => [
      ...(copy.rows.includes(seed) ? [`${name} in a row`] : []),
      ...(copy.exported.includes(seed) ? [`${name} in db:export`] : []),
    ]);
    expect(found).toEqual([]);
    figure('data at rest: seeds', { 'unrevealed seeds': raw.length, sealed: raw.length, 'revealed and verified': 4 });
    // Two matches played out through the demo feed, every event re-pricing their books.
  }, 120_000);

  it('seeds stored in the clear before sealing are sealed at the next start while unrevealed, and draw the same', async () => {
    toSiteTime(t, 9);
    // As an older version stored them: the seed in the clear beside its hash.
    const legacy = { wheel: randomBytes(32).toString('hex'), match: randomBytes(32).toString('hex') };
    const slot = randomBytes(32).toString('hex');
    const p = await fundedPlayer(t, 10_000);
    const today = (await wheelInfo(p)).today;
    const session = await slotSession(p);
    await t.db.execute(
      sql`UPDATE wheel_days SET server_seed = ${legacy.wheel}, seed_hash = ${sha256(legacy.wheel)}
          WHERE user_id = ${p.userId} AND date = ${today.date}`,
    );
    // A match an earlier version's simulator had still to play, its seed in the clear.
    const [legacyMatch] = await queryRows<{ id: number }>(
      t.db,
      sql`INSERT INTO taiqiu_matches (player_a_name, player_a_avatar, player_b_name, player_b_avatar, best_of, start_at,
            frame_win_a, simulated, server_seed, seed_hash)
          VALUES ('甲', '', '乙', '', 5, now(), 0.5, true, ${legacy.match}, ${sha256(legacy.match)}) RETURNING id::int`,
    );
    await t.db.execute(
      sql`UPDATE demo_sessions SET server_seed = ${slot}, seed_hash = ${sha256(slot)} WHERE seed_hash = ${session.seedHash}`,
    );
    // A match already ended keeps its revealed seed as it is.
    const [ended] = await queryRows<{ id: number; seed: string }>(
      t.db,
      sql`SELECT id::int, server_seed AS seed FROM taiqiu_matches WHERE status IN ('finished', 'cancelled') LIMIT 1`,
    );
    expect(ended!.seed).toMatch(/^[0-9a-f]{64}$/);

    await t.close();
    t = await start();
    const raw = await unrevealed(today.date);
    expect(raw.filter((r) => !SEALED.test(r.seed))).toEqual([]);
    const copy = await copies();
    for (const seed of [legacy.wheel, slot]) {
      expect(copy.rows).not.toContain(seed);
      expect(copy.exported).not.toContain(seed);
    }
    const [still] = await queryRows<{ seed: string }>(
      t.db,
      sql`SELECT server_seed AS seed FROM taiqiu_matches WHERE id = ${ended!.id}`,
    );
    expect(still!.seed).toBe(ended!.seed);

    // Drawn from the same seeds, each revealed as committed.
    expect(await revealSlot({ token: session.token, seedHash: sha256(slot) })).toBe(slot);
    const draw = (await call(t.app, rewards.spinDrawCall, { clientSeed: 'legacy' }, { token: p.token })).data;
    expect(draw.seedHash).toBe(sha256(legacy.wheel));
    // Nothing plays that match on: the start cancelled it and revealed its seed, as committed.
    expect((await matchPage(t, legacyMatch!.id)).status).toBe('cancelled');
    expect(await verifiedMatchSeed(legacyMatch!.id, sha256(legacy.match))).toBe(legacy.match);
    toSiteTime(t, 0, 5);
    expect(await revealWheel(p, { date: today.date, seedHash: sha256(legacy.wheel) }, draw)).toBe(legacy.wheel);
  });

  it('a start with another sealing key is refused by the sealed seeds alone', async () => {
    await t.close();
    // No other sealed secret left to refuse it.
    const database = await fresh.open();
    await database.db.execute(sql`DELETE FROM server_keys`);
    await database.db.execute(sql`DELETE FROM gateway_secrets`);
    await database.db.execute(sql`UPDATE operators SET totp_secret = NULL`);
    await database.close();
    const refusal = await buildApp({ database: await fresh.open(), now: clock.now, secretsKey: randomBytes(32) }).then(
      (app) => app.close().then(() => 'started'),
      (err: unknown) => err,
    );
    expect(refusal).toBeInstanceOf(SecretsKeyMismatch);
    expect(String(refusal)).toMatch(/wheel_days|taiqiu_matches|demo_sessions/);
    t = await start();
  });
});
