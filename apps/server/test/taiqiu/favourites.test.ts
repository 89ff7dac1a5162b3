import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taiqiu } from '@breakshot/contracts';
import { favourites } from '../../src/modules/taiqiu/tables.js';
import { fundedPlayer, newMatch, startTaiqiuApp } from '../helpers/taiqiu.js';
import { call, type TestApp } from '../helpers/test-app.js';
import type { TestPlayer } from '../helpers/withdrawals.js';

/* Favourites: the matches and players a player stars (docs/design.md §9); /home filters by them. */

let t: TestApp;
let matchId: number;

beforeAll(async () => {
  t = await startTaiqiuApp();
  matchId = (await newMatch(t)).id;
});
afterAll(() => t.close());

const star = (p: TestPlayer, body: Record<string, unknown>) =>
  call(t.app, taiqiu.favouriteSet, body, { token: p.token });
const listOf = async (p: TestPlayer) => (await call(t.app, taiqiu.favourites, {}, { token: p.token })).data;
const rowsOf = (p: TestPlayer) => t.db.$count(favourites, eq(favourites.userId, p.userId));

describe('favourites', () => {
  it('stars and unstars a match and a player, once however often repeated, for that player alone', async () => {
    const me = await fundedPlayer(t, 0);
    const other = await fundedPlayer(t, 0);
    expect(await listOf(me)).toEqual({ matches: [], players: [] });
    for (let i = 0; i < 2; i += 1) {
      expect((await star(me, { matchId, on: true })).data).toEqual({ matches: [matchId], players: [] });
    }
    expect((await star(me, { player: ' 林浩然 ', on: true })).data).toEqual({
      matches: [matchId],
      players: ['林浩然'],
    });
    expect(await listOf(other)).toEqual({ matches: [], players: [] });
    expect((await star(other, { matchId, on: false })).code).toBe(200);
    expect(await listOf(me)).toEqual({ matches: [matchId], players: ['林浩然'] });
    expect((await star(me, { matchId, on: false })).data).toEqual({ matches: [], players: ['林浩然'] });
    expect((await star(me, { player: '林浩然', on: false })).data).toEqual({ matches: [], players: [] });
  });

  it('refuses a guest, an unknown match and bad input with a clear error, changing nothing', async () => {
    const me = await fundedPlayer(t, 0);
    expect((await call(t.app, taiqiu.favouriteSet, { matchId, on: true })).code).toBe(401);
    expect((await call(t.app, taiqiu.favourites, {})).code).toBe(401);
    expect(await star(me, { matchId: 9_999_999, on: true })).toMatchObject({ code: 404, data: { field: 'matchId' } });
    const bad: Record<string, unknown>[] = [
      { on: true },
      { matchId, player: '林浩然', on: true },
      { player: 'a\u0000b', on: true },
      { player: 'x'.repeat(25), on: true },
      { player: 'x'.repeat(100_000), on: true },
      { player: '   ', on: true },
      { matchId },
      { matchId: -1, on: true },
      { matchId, on: 'yes' },
      { matchId, on: true, userId: 1 },
    ];
    for (const body of bad) expect((await star(me, body)).code, JSON.stringify(body).slice(0, 60)).toBe(400);
    expect(await rowsOf(me)).toBe(0);
  });

  it(`keeps at most ${taiqiu.MAX_FAVOURITES}, also under twenty concurrent stars; one starred already stays starred at the cap`, async () => {
    const me = await fundedPlayer(t, 0);
    const room = 10;
    await t.db.insert(favourites).values(
      Array.from({ length: taiqiu.MAX_FAVOURITES - room }, (_, i) => ({
        userId: me.userId,
        player: `p${i}`,
        createdAt: t.clock.now(),
      })),
    );
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => star(me, { player: `new${i}`, on: true })));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(room);
    const refused = answers.filter((a) => a.code !== 200);
    expect(refused.map((a) => [a.code, a.msg])).toEqual(
      Array.from({ length: 20 - room }, () => [422, `收藏已达上限 ${taiqiu.MAX_FAVOURITES} 个，请先取消一些收藏`]),
    );
    expect(await rowsOf(me)).toBe(taiqiu.MAX_FAVOURITES);
    expect((await star(me, { player: 'p0', on: true })).code).toBe(200);
    expect((await star(me, { matchId, on: true })).code).toBe(422);
    expect((await star(me, { player: 'p0', on: false })).code).toBe(200);
    expect((await star(me, { matchId, on: true })).data.matches).toEqual([matchId]);
  });

  it("taiqiu/matches with favourites: the starred matches and those a starred player plays in, the caller's alone", async () => {
    const me = await fundedPlayer(t, 0);
    const other = await fundedPlayer(t, 0);
    const starred = (await newMatch(t, { playerA: '甲一', playerB: '乙一' })).id;
    const asA = (await newMatch(t, { playerA: '丙丙', playerB: '乙二' })).id;
    const asB = (await newMatch(t, { playerA: '乙三', playerB: '丙丙' })).id;
    const othersOnly = (await newMatch(t, { playerA: '丁丁', playerB: '戊戊' })).id;
    await star(me, { matchId: starred, on: true });
    await star(me, { player: '丙丙', on: true });
    await star(other, { matchId: othersOnly, on: true });
    await star(other, { player: '乙一', on: true });
    const page = async (body: Record<string, unknown>, token?: string) => {
      const res = await call(t.app, taiqiu.matches, { favourites: true, ...body }, token ? { token } : {});
      expect(res.code).toBe(200);
      return { ids: res.data.list.map((m) => m.id), total: res.data.total };
    };

    // Same start: by id.
    expect(await page({}, me.token)).toEqual({ ids: [starred, asA, asB], total: 3 });
    expect(await page({}, other.token)).toEqual({ ids: [starred, othersOnly], total: 2 });
    expect(await page({ pageSize: 2, page: 2 }, me.token)).toEqual({ ids: [asB], total: 3 });
    expect(await page({ status: 'live' }, me.token)).toEqual({ ids: [], total: 0 });
    // A guest, or a token no session has, has no favourites.
    expect(await page({})).toEqual({ ids: [], total: 0 });
    expect(await page({}, 'no-such-session')).toEqual({ ids: [], total: 0 });
    expect(await page({}, (await fundedPlayer(t, 0)).token)).toEqual({ ids: [], total: 0 });
    // false is no filter.
    const all = await call(t.app, taiqiu.matches, { pageSize: 100 }, { token: me.token });
    expect(await page({ favourites: false, pageSize: 100 }, me.token)).toEqual({
      ids: all.data.list.map((m) => m.id),
      total: all.data.total,
    });
    expect(all.data.total).toBeGreaterThan(3);

    await star(me, { player: '丙丙', on: false });
    expect(await page({}, me.token)).toEqual({ ids: [starred], total: 1 });
    expect((await call(t.app, taiqiu.matches, { favourites: 'yes' }, { token: me.token })).code).toBe(400);
  });
});
