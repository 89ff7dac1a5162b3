import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { TransferCode } from '@breakshot/contracts';
import { AppError } from '../../src/platform/errors.js';
import { inTransaction } from '../../src/platform/db.js';
import {
  hold,
  postPending,
  transfer,
  voidPending,
  type AccountRef,
  type TransferRow,
} from '../../src/modules/wallet/ledger.js';
import { getCashBalance, resolveHolds } from '../../src/modules/wallet/service.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { expectLedgerOk, newPlayer, recordTestOp, useTestOps } from '../helpers/wallet.js';

type MoneyOp = { op: 'deposit' | 'bet' | 'payout' | 'hold'; player: number; amount: number; slot: number };
type ResolveOp = { op: 'post' | 'void'; nth: number; slot: number };
/** Several holds resolved in one statement (resolveHolds), as a batch of in-play bets is decided. */
type ResolveManyOp = { op: 'resolveMany'; holds: ResolveOp[] };
type Op = MoneyOp | ResolveOp | ResolveManyOp;
const isResolve = (op: Op): op is ResolveOp => op.op === 'post' || op.op === 'void';

const moneyOp = fc.record({
  op: fc.constantFrom('deposit' as const, 'bet' as const, 'payout' as const, 'hold' as const),
  player: fc.nat(2),
  amount: fc.integer({ min: 1, max: 5_000 }),
  slot: fc.nat(30),
});
const resolveOp = fc.record({
  op: fc.constantFrom('post' as const, 'void' as const),
  nth: fc.nat(10),
  slot: fc.nat(30),
});
const resolveManyOp = fc.record({
  op: fc.constant('resolveMany' as const),
  holds: fc.array(resolveOp, { minLength: 1, maxLength: 4 }),
});
const sequence = fc.array(
  fc.oneof(
    { weight: 3, arbitrary: moneyOp },
    { weight: 1, arbitrary: resolveOp },
    { weight: 1, arbitrary: resolveManyOp },
  ),
  { maxLength: 12 },
);

/** Refusals the ledger may give under any interleaving; anything else fails the property. */
const EXPECTED = new Set(['insufficientBalance', 'idempotencyConflict', 'pendingResolved']);

const MOVES: Record<'deposit' | 'bet' | 'payout' | 'hold', { code: TransferCode; out: boolean }> = {
  deposit: { code: 'deposit', out: false },
  bet: { code: 'bet', out: true },
  payout: { code: 'payout', out: false },
  hold: { code: 'withdrawal', out: true },
};
const HOUSE: Record<TransferCode, AccountRef> = {
  deposit: { house: 'gateway' },
  bet: { house: 'house' },
  payout: { house: 'house' },
  withdrawal: { house: 'withdrawals_in_flight' },
} as Record<TransferCode, AccountRef>;

describe('ledger properties', () => {
  let t: TestApp;
  let players: number[];
  let run = 0;
  beforeAll(async () => {
    t = await startTestApp();
    await useTestOps(t.db, ['deposit', 'bet', 'payout', 'withdrawal']);
    players = [];
    for (let i = 0; i < 3; i++) players.push((await newPlayer(t)).userId);
  });
  afterAll(async () => {
    await expectLedgerOk(t.db);
    await t.close();
  });

  it('concurrent random sequences with repeated keys keep every invariant', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(sequence, { minLength: 2, maxLength: 4 }), async (sequences) => {
        run += 1;
        const holds: number[] = [];
        const byKey = new Map<string, TransferRow>();
        const resolveMany = async (op: ResolveManyOp): Promise<void> => {
          if (holds.length === 0) return;
          const batch = op.holds.map((h) => ({
            key: `r${run}:${h.op}:${h.slot}`,
            kind: h.op,
            pendingId: holds[h.nth % holds.length]!,
            code: 'withdrawal' as const,
          }));
          try {
            await inTransaction(t.db, (tx) => resolveHolds(tx, t.app.ctx, batch));
          } catch (err) {
            if (!(err instanceof AppError) || !EXPECTED.has(err.messageKey)) throw err;
          }
        };
        const execute = async (op: Op): Promise<void> => {
          if (op.op === 'resolveMany') return resolveMany(op);
          // Keys collide across sequences on purpose: same request → replay, other → 409.
          const key = `r${run}:${op.op}:${op.slot}`;
          try {
            const row = await inTransaction(t.db, async (tx) => {
              if (isResolve(op)) {
                const pendingId = holds[op.nth % Math.max(holds.length, 1)];
                if (pendingId === undefined) return null;
                const resolve = op.op === 'post' ? postPending : voidPending;
                return resolve(tx, t.app.ctx, { key, pendingId });
              }
              const { code, out } = MOVES[op.op];
              const cash: AccountRef = { userId: players[op.player] ?? 0 };
              const house = HOUSE[code];
              await recordTestOp(tx, key, code);
              const req = {
                key,
                code,
                debit: out ? cash : house,
                credit: out ? house : cash,
                amount: op.amount,
                reference: { table: 'test_ops', id: key },
              };
              return op.op === 'hold' ? hold(tx, t.app.ctx, req) : transfer(tx, t.app.ctx, req);
            });
            if (!row) return;
            const seen = byKey.get(key);
            if (seen) expect(row).toEqual(seen);
            byKey.set(key, row);
            if (row.kind === 'pending') holds.push(row.id);
          } catch (err) {
            if (!(err instanceof AppError) || !EXPECTED.has(err.messageKey)) throw err;
          }
        };
        await Promise.all(
          sequences.map(async (ops) => {
            for (const op of ops) await execute(op);
          }),
        );
        await expectLedgerOk(t.db);
        for (const userId of players) {
          const { balance, frozen } = await getCashBalance(t.db, userId);
          expect(balance).toBeGreaterThanOrEqual(0);
          expect(frozen).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
