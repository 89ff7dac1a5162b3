import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, taiqiuAdmin } from '@breakshot/contracts';
import { CONSOLE_CONNECTIONS, inConsoleLane } from '../../src/platform/console-lane.js';
import { openDatabase } from '../../src/platform/db.js';
import { call, registerUser, startAppOn, type TestApp } from '../helpers/test-app.js';
import { freshDatabase, LOCAL_PG_URL, pgAnswers, TEST_SERVER_URL, type TestDatabase } from '../helpers/test-db.js';
import { ADMIN_TEST_TOKEN, adminCall } from '../helpers/withdrawals.js';

/*
 * The console's lane (platform/console-lane.ts): with every connection of the pool taken by player
 * work, an operator's call is answered at once on the connections kept for the console, while a
 * player's call waits its turn; with those kept ones taken too, operator work joins the shared
 * queue instead of waiting on itself.
 */

const serverUrl = TEST_SERVER_URL ?? LOCAL_PG_URL;
const pgUp = await pgAnswers(serverUrl);
const POOL = 2;
/** Long enough for a call that could run to have answered. */
const SETTLE_MS = 300;

describe.skipIf(!pgUp)('the console has connections of its own', () => {
  let fresh: TestDatabase;
  let t: TestApp;
  let player: string;

  beforeAll(async () => {
    fresh = await freshDatabase(serverUrl);
    t = await startAppOn(await openDatabase({ url: fresh.url, poolMax: POOL }), {
      scheduler: false,
      adminToken: ADMIN_TEST_TOKEN,
    });
    player = await registerUser(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await fresh?.drop();
  });

  /** Holds `n` connections in open transactions (in the lane or not) until the returned release. */
  async function hold(n: number, lane: boolean) {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started = 0;
    const held = Array.from({ length: n }, () => {
      const work = () =>
        t.db.transaction(async (tx) => {
          await tx.execute(sql`SELECT 1`);
          started += 1;
          await gate;
        });
      return lane ? inConsoleLane(work) : work();
    });
    while (started < n) await sleep(5);
    return async () => {
      release();
      await Promise.all(held);
    };
  }

  /** Whether the promise settles within SETTLE_MS. */
  const settlesSoon = (p: Promise<unknown>) => Promise.race([p.then(() => true), sleep(SETTLE_MS).then(() => false)]);

  it('answers an operator at once while player calls have every pooled connection', async () => {
    const release = await hold(POOL, false);
    const playerCall = call(t.app, auth.userInfo, {}, { token: player });
    try {
      const operatorCall = adminCall(t.app, taiqiuAdmin.exposure, {});
      expect(await settlesSoon(operatorCall)).toBe(true);
      expect((await operatorCall).code).toBe(200);
      expect(await settlesSoon(playerCall)).toBe(false);
    } finally {
      await release();
    }
    expect((await playerCall).code).toBe(200);
  });

  it('sends operator work to the shared queue once the kept connections are taken', async () => {
    const releaseKept = await hold(CONSOLE_CONNECTIONS, true);
    try {
      const operatorCall = adminCall(t.app, taiqiuAdmin.exposure, {});
      expect(await settlesSoon(operatorCall)).toBe(true);
      expect((await operatorCall).code).toBe(200);
      // The pool held as well: the operator now waits like anyone, and goes on once a connection frees.
      const releasePool = await hold(POOL, false);
      const waiting = adminCall(t.app, taiqiuAdmin.exposure, {});
      try {
        expect(await settlesSoon(waiting)).toBe(false);
      } finally {
        await releasePool();
      }
      expect((await waiting).code).toBe(200);
    } finally {
      await releaseKept();
    }
  });
});
