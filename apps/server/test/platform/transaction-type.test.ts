import { describe, expect, expectTypeOf, it } from 'vitest';
import type { AppContext } from '../../src/platform/context.js';
import { inTransaction, type Conn, type Db, type Tx } from '../../src/platform/db.js';
import { transfer, type TransferRequest } from '../../src/modules/wallet/service.js';

/*
 * Type tests, checked by `npm run typecheck` (part of `npm test`): each @ts-expect-error line
 * must fail to compile, or the typecheck fails ("unused @ts-expect-error").
 */

// Never called: only compiled.
function ledgerWrites(db: Db, tx: Tx, ctx: AppContext, request: TransferRequest) {
  // @ts-expect-error a ledger write takes the caller's transaction, never the database
  void transfer(db, ctx, request);
  void transfer(tx, ctx, request);

  // @ts-expect-error a transaction cannot begin inside another by accident
  void inTransaction(tx, async () => undefined);
  void inTransaction(db, async (inner) => transfer(inner, ctx, request));

  // Reads take either.
  const read = (_conn: Conn) => undefined;
  read(db);
  read(tx);
}

describe('Db and Tx', () => {
  it('are distinct types: neither is assignable to the other', () => {
    expectTypeOf<Db>().not.toExtend<Tx>();
    expectTypeOf<Tx>().not.toExtend<Db>();
    expectTypeOf<Db>().toExtend<Conn>();
    expect(typeof ledgerWrites).toBe('function');
  });
});
