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
});
