import fc from 'fast-check';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { auth, hub88, operatorsAdmin } from '@breakshot/contracts';
import { walletPublicKey } from '../../src/modules/games/service.js';
import { sandboxSecret } from '../../src/modules/payments/sandbox-secret.js';
import { databaseDigest, opCall } from '../helpers/operators.js';
import { registerTestProvider } from '../helpers/provider.js';
import { fundedPlayer } from '../helpers/taiqiu.js';
import { call, startTestApp, type TestApp } from '../helpers/test-app.js';
import { ADMIN_TEST_TOKEN } from '../helpers/withdrawals.js';
import { figure, scale } from './figures.js';
import { allCalls, CALLBACK_PREFIX, GATEWAY_CALLBACKS, type Caller, type FuzzCall } from './fuzz/calls.js';
import { jsonProbe, nastiesFor, type Probe } from './fuzz/nasties.js';
import { invalidOf, refusedBy } from './fuzz/schema-arbitrary.js';
import { isServerError, judge, send, type Callers, type Outcome } from './fuzz/send.js';
import { changes, rowsWritten, snapshot } from './fuzz/writes.js';

/*
 * Every call of the contracts, given inputs its schema refuses (generated from
 * the schema and hand-made), refuses them as its caller expects: no 500, no stack trace or SQL in
 * the answer, nothing written, and the server still answers afterwards.
 */

const GENERATED = scale(20, 500);
const calls = allCalls();

/**
 * The gateway keeps every callback as it arrived, refused ones included (the console's deposit
 * callbacks page): that row is the callback's record, not a write of the input.
 */
const CALLBACK_LOG = 'payment_callbacks';

describe('fuzzing: every call refuses bad input, never fails and writes nothing', () => {
  let t: TestApp;
  let callers: Callers;
  let digest: Record<string, string>;
  const counts = { inputs: 0, generated: 0, refused: 0, harmless: 0, serverErrors: 0, rowsWritten: 0 };
  /** HTTP statuses answered, per caller. */
  const statuses: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp({ adminToken: ADMIN_TEST_TOKEN, scheduler: false });
    const player = await fundedPlayer(t, 100_00);
    callers = {
      playerToken: player.token,
      operatorToken: ADMIN_TEST_TOKEN,
      provider: await registerTestProvider(t),
      walletPublicKey: await walletPublicKey(t.app.ctx),
      // Made on first use: made now, so that it is not a write of the first callback.
      gatewaySecret: await sandboxSecret(t.app.ctx),
    };
    digest = await databaseDigest(t.db);
  });

  afterAll(async () => {
    figure('fuzzing', {
      calls: calls.length,
      'inputs tried': counts.inputs,
      'of them generated from the schemas': counts.generated,
      refused: counts.refused,
      'ignored (GET query)': counts.harmless,
      'server errors': counts.serverErrors,
      'rows written': counts.rowsWritten,
    });
    const seen = Object.entries(statuses).map(([k, n]) => `${k} ×${n}`);
    console.log(`[trust] fuzzing HTTP statuses: ${seen.join(' · ')}`);
    await t?.close();
  });

  it('finds every call of the contracts, and the server registers each one', () => {
    const byCaller = (caller: Caller) => calls.filter((c) => c.caller === caller).length;
    // A walk that broke would find few or none.
    expect(byCaller('player')).toBeGreaterThanOrEqual(50);
    expect(byCaller('operator')).toBeGreaterThanOrEqual(60);
    expect(byCaller('provider')).toBe(Object.keys(hub88.calls).length);
    expect(calls.filter((c) => c.name.endsWith('(csv)')).length).toBeGreaterThanOrEqual(5);

    const url = (c: FuzzCall) => (c.caller === 'provider' ? `${hub88.PROVIDER_PREFIX}/:providerId/*` : c.path);
    const missing = calls.filter((c) => !t.app.hasRoute({ method: c.method, url: url(c) }));
    expect(missing.map((c) => `${c.method} ${c.path}`)).toEqual([]);

    // Every gateway callback the server has is fuzzed (a new gateway needs its schema here).
    const callbackRoute = new RegExp(`${CALLBACK_PREFIX.slice(1)}[^\\s(]+`, 'g');
    const served = t.app.printRoutes({ commonPrefix: false }).match(callbackRoute) ?? [];
    expect(served.map((p) => `/${p}`).sort()).toEqual(GATEWAY_CALLBACKS.map((c) => c.path).sort());
  });

  /** Sends one probe, judges the answer and counts it; a server error is counted before failing. */
  async function attempt(c: FuzzCall, probe: Probe): Promise<void> {
    const answer = await send(t, c, probe, callers);
    counts.inputs += 1;
    const status = `${c.caller} ${answer.httpStatus}`;
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (isServerError(answer)) counts.serverErrors += 1;
    const outcome: Outcome = judge(c, probe, answer, callers);
    counts[outcome] += 1;
  }

  for (const c of calls) {
    it(`${c.caller} ${c.name}: ${c.method} ${c.path}`, { timeout: 120_000 }, async () => {
      const before = await snapshot(t.db);

      // A GET call's input is a query string, which its schema cannot refuse: only nasties there.
      if (c.method === 'POST') {
        const invalid = invalidOf(c.request);
        assert(invalid !== null, 'no bad input can be generated from the schema');
        const refused = invalid.filter((input) => refusedBy(c.request, input));
        let generated = 0;
        await fc.assert(
          fc.asyncProperty(refused, async (input) => {
            generated += 1;
            await attempt(c, jsonProbe('generated', JSON.stringify(input)));
          }),
          { numRuns: GENERATED },
        );
        expect(generated, 'generated inputs sent').toBe(GENERATED);
        counts.generated += generated;
      }
      for (const probe of nastiesFor(c, c.caller === 'player' || c.caller === 'operator' ? 'fastify' : 'raw')) {
        await attempt(c, probe);
      }

      const after = await snapshot(t.db);
      const ignore = c.caller === 'gateway' ? [CALLBACK_LOG] : [];
      counts.rowsWritten += rowsWritten(before, after, ignore);
      expect(changes(before, after, ignore)).toEqual([]);
      expect(({} as Record<string, unknown>).isAdmin, 'Object.prototype polluted').toBeUndefined();

      // Still answering, with the same sessions.
      expect((await call(t.app, auth.userInfo, {}, { token: callers.playerToken })).code).toBe(200);
      expect((await opCall(t.app, operatorsAdmin.operatorsList, {}, { token: ADMIN_TEST_TOKEN })).code).toBe(200);
    });
  }

  it('left every table as it was (content, not just row counts)', async () => {
    const now = await databaseDigest(t.db);
    const changed = Object.keys(now).filter((name) => name !== CALLBACK_LOG && now[name] !== digest[name]);
    expect(changed).toEqual([]);
  });
});
