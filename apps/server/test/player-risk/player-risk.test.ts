import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playerRiskAdmin, playersAdmin, withdrawals, withdrawalsAdmin } from '@breakshot/contracts';
import { newOperator, opCall } from '../helpers/operators.js';
import { call, type TestApp } from '../helpers/test-app.js';
import { adminCall, FUND_PASSWORD, newTestPlayer, readyWithdrawer, startWithdrawApp } from '../helpers/withdrawals.js';

/*
 * Player risk (docs/design.md §9, "Player risk"): risk tags a player, anyone who reads the player
 * adds notes that stay as written; both audited, refused input changes nothing, and the tags show
 * on the player's withdrawals.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startWithdrawApp();
});
afterAll(() => t.close());

const newPlayerId = async () => (await newTestPlayer(t, { fundPassword: false })).userId;

async function auditRows(action: string) {
  const res = await adminCall(t.app, playersAdmin.auditList, { page: 1, pageSize: 10, action });
  expect(res.code, res.msg).toBe(200);
  return res.data.list;
}

const riskOf = async (userId: number) => {
  const res = await adminCall(t.app, playerRiskAdmin.playerRisk, { userId });
  expect(res.code, res.msg).toBe(200);
  return res.data;
};

describe('tags', () => {
  it('risk replaces a player’s tags; kept ones keep their place, the change is audited with what it replaced', async () => {
    const userId = await newPlayerId();
    const risk = await newOperator(t, 'tagger', 'risk');
    expect(await riskOf(userId)).toEqual({ userId, tags: [], notes: [], noteCount: 0 });

    const tag = (tags: string[]) => opCall(t.app, playerRiskAdmin.playerTagsSet, { userId, tags }, risk);
    const first = await tag(['watch', 'sharp']);
    expect(first.code, first.msg).toBe(200);
    t.clock.advance(1_000);
    const second = await tag(['vip', 'sharp']);
    expect(second.data.tags).toEqual(['sharp', 'vip']);
    expect((await riskOf(userId)).tags).toEqual(['sharp', 'vip']);

    const [audit] = await auditRows('players.tags');
    expect(audit).toMatchObject({
      operator: 'tagger',
      target: `user ${userId}`,
      before: { tags: ['sharp', 'watch'] },
      after: { tags: ['sharp', 'vip'] },
    });
    expect((await tag([])).data.tags).toEqual([]);
  });

  it('refuses a tag too long, of symbols, twice, or a ninth; finance may not tag; an unknown player is 404', async () => {
    const userId = await newPlayerId();
    for (const tags of [['x'.repeat(17)], ['a b'], ['vip', 'vip'], Array.from({ length: 9 }, (_, i) => `t${i}`)]) {
      const res = await adminCall(t.app, playerRiskAdmin.playerTagsSet, { userId, tags });
      expect(res.code, JSON.stringify(tags)).toBe(400);
    }
    const finance = await newOperator(t, 'tag_finance', 'finance');
    const byFinance = await opCall(t.app, playerRiskAdmin.playerTagsSet, { userId, tags: ['vip'] }, finance);
    expect(byFinance.code).toBe(403);
    expect((await adminCall(t.app, playerRiskAdmin.playerTagsSet, { userId: 9_999_999, tags: ['vip'] })).code).toBe(
      404,
    );
    expect((await riskOf(userId)).tags).toEqual([]);
  });

  it('show on the player’s withdrawals in the queue', async () => {
    const { p, accountId } = await readyWithdrawer(t);
    const body = { fundPassword: FUND_PASSWORD, accountId, amount: 20_000 };
    expect((await call(t.app, withdrawals.addWithdraw, body, { token: p.token })).code).toBe(200);
    await adminCall(t.app, playerRiskAdmin.playerTagsSet, { userId: p.userId, tags: ['bonus_hunter'] });
    const res = await adminCall(t.app, withdrawalsAdmin.withdrawalsList, { username: p.username });
    expect(res.data.list.map((w) => w.tags)).toEqual([['bonus_hunter']]);
  });
});

describe('notes', () => {
  it('finance and risk add notes, newest first, with who wrote them; each audited', async () => {
    const userId = await newPlayerId();
    const finance = await newOperator(t, 'noter_finance', 'finance');
    const content = await newOperator(t, 'noter_content', 'content');
    const note = (body: string, op: { session: string }) =>
      opCall(t.app, playerRiskAdmin.playerNoteAdd, { userId, body }, op);
    const a = await note('  首存后立即提现，留意  ', finance);
    expect(a.code, a.msg).toBe(200);
    t.clock.advance(1_000);
    await adminCall(t.app, playerRiskAdmin.playerNoteAdd, { userId, body: '已电话核实' });
    const view = await riskOf(userId);
    expect(view.noteCount).toBe(2);
    expect(view.notes.map((n) => [n.body, n.by])).toEqual([
      ['已电话核实', '@admin-token'],
      ['首存后立即提现，留意', 'noter_finance'],
    ]);
    expect((await auditRows('players.note')).map((r) => r.target)).toEqual([`user ${userId}`, `user ${userId}`]);

    expect((await note('x', content)).code).toBe(403);
    for (const body of ['   ', 'x'.repeat(playerRiskAdmin.MAX_NOTE + 1)]) {
      expect((await adminCall(t.app, playerRiskAdmin.playerNoteAdd, { userId, body })).code).toBe(400);
    }
    expect((await riskOf(userId)).noteCount).toBe(2);
  });
});
