import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { hashPassword, OWASP_ARGON2 } from '../../src/platform/password.js';
import { RECALL_MS, verifyRecalledPassword } from '../../src/platform/password-recall.js';

/*
 * The recharge password is asked on every agent transfer: argon2 checks it once, then the same
 * password against the same stored hash is recalled from memory. Timed at the production cost:
 * one argon2 check against twenty recalled ones.
 */
describe('password recall', () => {
  const timed = async (fn: () => Promise<boolean>) => {
    const start = performance.now();
    const answer = await fn();
    return { answer, ms: performance.now() - start };
  };

  it('argon2 accepts a right password once; the next twenty are recalled in less time than that one', async () => {
    const stored = await hashPassword('135246', OWASP_ARGON2);
    const first = await timed(() => verifyRecalledPassword(stored, '135246'));
    expect(first.answer).toBe(true);
    let recalledMs = 0;
    for (let i = 0; i < 20; i += 1) {
      const again = await timed(() => verifyRecalledPassword(stored, '135246'));
      expect(again.answer).toBe(true);
      recalledMs += again.ms;
    }
    expect(recalledMs).toBeLessThan(first.ms);
  });

  it('a wrong password is refused, before and after the right one was accepted', async () => {
    const stored = await hashPassword('135246', OWASP_ARGON2);
    expect(await verifyRecalledPassword(stored, '000000')).toBe(false);
    expect(await verifyRecalledPassword(stored, '135246')).toBe(true);
    expect(await verifyRecalledPassword(stored, '000000')).toBe(false);
    expect(await verifyRecalledPassword(stored, '1352460')).toBe(false);
  });

  it('a changed password is another stored hash: the old password is refused against it', async () => {
    const old = await hashPassword('135246', OWASP_ARGON2);
    const changed = await hashPassword('246810', OWASP_ARGON2);
    expect(await verifyRecalledPassword(old, '135246')).toBe(true);
    expect(await verifyRecalledPassword(changed, '135246')).toBe(false);
    expect(await verifyRecalledPassword(changed, '246810')).toBe(true);
  });

  it('after RECALL_MS a right password goes through argon2 again, and a stale one is not recalled', async () => {
    const stored = await hashPassword('135246', OWASP_ARGON2);
    const start = Date.now();
    expect(await verifyRecalledPassword(stored, '135246', start)).toBe(true);
    const later = start + RECALL_MS + 1;
    const recheck = await timed(() => verifyRecalledPassword(stored, '135246', later));
    expect(recheck.answer).toBe(true);
    const recalled = await timed(() => verifyRecalledPassword(stored, '135246', later + 1));
    expect(recalled.answer).toBe(true);
    expect(recalled.ms * 5).toBeLessThan(recheck.ms);
  });
});
