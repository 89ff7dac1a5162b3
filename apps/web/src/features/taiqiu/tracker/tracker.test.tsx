import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveEventMessage } from '../../../lib/live';
import { live, useSession } from '../../../lib/session';
import { fakeApi } from '../../../test/fake-api';
import { renderAt } from '../../../test/render';
import type { MatchDetails } from '../api/match';
import MatchPage from '../match-page';
import { demoMatch, matchUpdated, visit } from '../test-fixtures';
import type { TrackerView } from './state';

/* The live tracker on the match page, as a guest sees it: read once, then kept by MATCH_UPDATED. */

const deliver = (ev: LiveEventMessage) =>
  act(async () => {
    (live as unknown as { dispatch: (e: LiveEventMessage) => void }).dispatch(ev);
    await new Promise((r) => setTimeout(r, 0));
  });
const setStatus = (status: string) => (live as unknown as { setStatus: (s: string) => void }).setStatus(status);
const setLiveStatus = (status: string) =>
  act(async () => {
    setStatus(status);
    await new Promise((r) => setTimeout(r, 0));
  });

/** Match 7, best of 7, 1:0, frame 2 on at 24 : 7 with 林浩然 (a) on a 17 break. */
const liveMatch = (over: Partial<MatchDetails> = {}) =>
  demoMatch({ frame: { number: 2, points: { a: 24, b: 7 }, atTable: 'a', break: 17, onTable: 116 }, ...over });

const history = (over: Partial<TrackerView> = {}): TrackerView => ({
  frames: [{ number: 1, winner: 'a', points: { a: 72, b: 31 }, highBreak: 58 }],
  visits: [
    visit(20, { frame: 1, player: 'a', points: 58, break: 58 }),
    visit(22, { player: 'b', points: 7, break: 7 }),
    visit(23, { player: 'b', points: 0, foul: 4 }),
    visit(24, { player: 'a', points: 3, break: 3 }),
    visit(25, { player: 'a', points: 17, break: 17 }),
  ],
  headToHead: {
    played: 3,
    wins: { a: 2, b: 1 },
    frames: { a: 11, b: 8 },
    last: [
      { id: 3, startAt: '2025-12-20T10:00:00Z', score: { a: 4, b: 2 }, winner: 'a' },
      { id: 2, startAt: '2025-11-02T10:00:00Z', score: { a: 1, b: 4 }, winner: 'b' },
    ],
  },
  ...over,
});

/** The match page as a guest's, answering taiqiu/match and taiqiu/tracker. */
async function open(match: () => MatchDetails, tracker: () => TrackerView | Promise<TrackerView>) {
  const api = fakeApi({
    '/taiqiu/match': () => ({ code: 200, data: match() }),
    '/taiqiu/tracker': async () => ({ code: 200, data: await tracker() }),
  });
  const view = renderAt(<MatchPage />, '/taiqiu/:id', '/taiqiu/7', { staleTime: 30_000 });
  const tracker$ = await screen.findByTestId('tracker');
  return { api, tracker: tracker$, ...view };
}

const loaded = () => waitFor(() => expect(screen.getByTestId('tracker').hasAttribute('data-loaded')).toBe(true));
const bars = () => screen.queryAllByTestId('tracker-visit').map((b) => Number(b.getAttribute('data-seq')));

describe('the live tracker', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setStatus('idle');
    useSession.setState({ token: null, userInfo: null });
  });

  it('shows the frame on drawn, the frames played, the visits and the head-to-head from taiqiu/tracker', async () => {
    const { api } = await open(liveMatch, history);
    await loaded();
    expect(api.bodies('/taiqiu/tracker')).toEqual([{ id: 7 }]);
    // A guest's call: no session (the token header says so).
    expect(api.of('/taiqiu/tracker')[0]!.headers.token).toBe('false');

    // The frame on: its points, who is at the table, the points left (a number, and the balls drawn).
    expect(screen.getByTestId('tracker-frame-no').textContent).toBe('第 2 局');
    expect(screen.getByTestId('tracker-points-a').textContent).toBe('24');
    expect(screen.getByTestId('tracker-points-b').textContent).toBe('7');
    expect(screen.getByTestId('tracker-side-a').hasAttribute('data-marked')).toBe(true);
    expect(screen.getByTestId('tracker-side-b').hasAttribute('data-marked')).toBe(false);
    expect(screen.getByTestId('tracker-on-table').textContent).toBe('桌面剩余 116 分');
    const table = screen.getByTestId('tracker-table');
    expect(table.getAttribute('data-reds')).toBe('11');
    expect(table.querySelectorAll('[data-ball="red"]:not([data-gone])')).toHaveLength(11);
    expect(screen.getByTestId('tracker-board').textContent).toContain('约 11 颗红球');
    expect(screen.getByTestId('tracker-cue').getAttribute('class')).toContain('trk-cue-a');
    // The break: 林浩然 on 17, the visit that made it.
    expect(screen.getByTestId('tracker-break').textContent).toContain('林浩然 单杆 17 分');
    expect(screen.getByTestId('tracker-break-visits').textContent).toBe('+17');

    // The frames: the score, best of 7, frame 1 to 林浩然 72:31 with a 58, frame 2 in play.
    const frames = screen.getByTestId('tracker-frames');
    expect(within(frames).getByTestId('tracker-score').textContent).toBe('1:0');
    expect(frames.textContent).toContain('7 局 4 胜');
    const chip = within(frames).getByTestId('tracker-frame');
    expect(chip.getAttribute('data-winner')).toBe('a');
    expect(chip.textContent).toBe('第1局林浩然72:31最高 58');
    expect(within(frames).getByTestId('tracker-frame-live').getAttribute('data-frame')).toBe('2');

    // Momentum: a bar per visit, a foul marked.
    expect(bars()).toEqual([20, 22, 23, 24, 25]);
    const foul = screen.getAllByTestId('tracker-visit')[2]!;
    expect(foul.getAttribute('data-foul')).toBe('4');
    expect(foul.querySelector('.trk-bar-foul')).not.toBeNull();
    expect(screen.getByTestId('tracker-momentum-totals').textContent).toBe('近 5 次上手 82 : 7 分');

    // Head to head.
    expect(screen.getByTestId('tracker-h2h-played').textContent).toBe('3');
    expect(screen.getByTestId('tracker-h2h-wins').textContent).toBe('2 : 1');
    expect(screen.getByTestId('tracker-h2h-frames').textContent).toBe('11 : 8');
    const last = within(screen.getByTestId('tracker-h2h-last')).getAllByRole('link');
    expect(last.map((a) => a.getAttribute('href'))).toEqual(['/taiqiu/3', '/taiqiu/2']);
    expect(last[1]!.textContent).toContain('陈子轩 胜');
  });

  it('a MATCH_UPDATED with a visit adds it and moves the points and the break, with no call', async () => {
    const { api } = await open(liveMatch, history);
    await loaded();
    const frame = { number: 2, points: { a: 24, b: 7 }, atTable: 'a' as const, break: 17, onTable: 116 };

    // 林浩然 adds 8 to his break (a feed telling the break visit by visit).
    const eightMore = () =>
      matchUpdated({
        frame: { ...frame, points: { a: 32, b: 7 }, break: 25, onTable: 108 },
        visit: visit(26, { points: 8, break: 25 }),
      });
    await deliver(eightMore());
    expect(bars()).toEqual([20, 22, 23, 24, 25, 26]);
    expect(screen.getByTestId('tracker-points-a').textContent).toBe('32');
    expect(screen.getByTestId('tracker-on-table').textContent).toBe('桌面剩余 108 分');
    expect(screen.getByTestId('tracker-break').textContent).toContain('林浩然 单杆 25 分');
    expect(screen.getByTestId('tracker-break-visits').textContent).toBe('+17+8');

    // The same visit told twice (a resent event) is one bar; another match's visit is none.
    await deliver(eightMore());
    await deliver(matchUpdated({ matchId: 8, score: { a: 0, b: 0 }, visit: visit(27, { points: 50, break: 50 }) }));
    expect(bars()).toEqual([20, 22, 23, 24, 25, 26]);

    // He misses; 陈子轩 comes to the table.
    await deliver(
      matchUpdated({
        frame: { ...frame, points: { a: 32, b: 12 }, atTable: 'b', break: 5, onTable: 103 },
        visit: visit(28, { player: 'b', points: 5, break: 5 }),
      }),
    );
    expect(screen.getByTestId('tracker-side-b').hasAttribute('data-marked')).toBe(true);
    expect(screen.getByTestId('tracker-side-a').hasAttribute('data-marked')).toBe(false);
    expect(screen.getByTestId('tracker-points-b').textContent).toBe('12');
    expect(screen.getByTestId('tracker-break').textContent).toContain('陈子轩 单杆 5 分');
    expect(bars().at(-1)).toBe(28);

    expect(api.count('/taiqiu/tracker')).toBe(1);
    expect(api.count('/taiqiu/match')).toBe(1);
  });

  it('keeps the last 30 visits', async () => {
    const visits = Array.from({ length: 30 }, (_, i) => visit(i + 1, { player: i % 2 ? 'b' : 'a', points: i }));
    await open(liveMatch, () => history({ visits }));
    await loaded();
    await deliver(matchUpdated({ visit: visit(31, { points: 9, break: 9 }) }));
    expect(bars()).toHaveLength(30);
    expect(bars()[0]).toBe(2);
    expect(bars().at(-1)).toBe(31);
  });

  it('a frame ending (the score moves) reads the history again, once; the visits after it do not', async () => {
    let frames = history().frames;
    const { api } = await open(liveMatch, () => history({ frames }));
    await loaded();
    frames = [...frames, { number: 2, winner: 'b', points: { a: 32, b: 70 }, highBreak: 63 }];
    await deliver(matchUpdated({ score: { a: 1, b: 1 }, frame: null }));
    await waitFor(() => expect(screen.getAllByTestId('tracker-frame')).toHaveLength(2));
    expect(api.count('/taiqiu/tracker')).toBe(2);
    expect(screen.getByTestId('tracker-between').textContent).toBe('局间休息，下一局：第 3 局');
    expect(within(screen.getByTestId('tracker-frames')).getByTestId('tracker-score').textContent).toBe('1:1');

    await deliver(
      matchUpdated({
        score: { a: 1, b: 1 },
        frame: { number: 3, points: { a: 0, b: 0 }, atTable: 'a', break: 0, onTable: 147 },
      }),
    );
    await deliver(
      matchUpdated({
        score: { a: 1, b: 1 },
        frame: { number: 3, points: { a: 12, b: 0 }, atTable: 'a', break: 12, onTable: 135 },
        visit: visit(40, { frame: 3, points: 12, break: 12 }),
      }),
    );
    expect(bars().at(-1)).toBe(40);
    expect(screen.getByTestId('tracker-table').getAttribute('data-reds')).toBe('13');
    expect(api.count('/taiqiu/tracker')).toBe(2);
    expect(api.count('/taiqiu/match')).toBe(1);
  });

  it('a visit told while the history is on its way is added once it is in', async () => {
    let answer: () => void = () => {};
    const { api } = await open(
      liveMatch,
      () => new Promise<TrackerView>((resolve) => (answer = () => resolve(history()))),
    );
    await waitFor(() => expect(api.count('/taiqiu/tracker')).toBe(1));
    expect(screen.getByTestId('tracker-loading')).toBeTruthy();
    await deliver(matchUpdated({ visit: visit(26, { player: 'b', points: 0, foul: 5 }) }));
    await act(async () => answer());
    await loaded();
    await waitFor(() => expect(bars()).toEqual([20, 22, 23, 24, 25, 26]));
    expect(api.count('/taiqiu/tracker')).toBe(1);
  });

  it('reads the history again when the live connection opens again after a drop', async () => {
    setStatus('open');
    const { api } = await open(liveMatch, history);
    await loaded();
    await setLiveStatus('reconnecting');
    expect(api.count('/taiqiu/tracker')).toBe(1);
    await setLiveStatus('open');
    await waitFor(() => expect(api.count('/taiqiu/tracker')).toBe(2));
  });

  it('a match to be played: 比赛未开始 on a full rack, its start and the head-to-head; a finished one: its frames on a cleared table', async () => {
    await open(
      () => demoMatch({ status: 'scheduled', score: { a: 0, b: 0 } }),
      () => history({ frames: [], visits: [] }),
    );
    await loaded();
    expect(screen.getByTestId('tracker-not-started').textContent).toBe('比赛未开始');
    expect(screen.getByTestId('tracker-starts-at').textContent).toMatch(/^\d\d-\d\d \d\d:\d\d 开赛$/);
    expect(screen.getByTestId('tracker-h2h-played').textContent).toBe('3');
    expect(screen.getByTestId('tracker-table').getAttribute('data-reds')).toBe('15');
    expect(screen.getByTestId('tracker-score').textContent).toBe('0:0');
    expect(screen.getByTestId('tracker-momentum').textContent).toContain('还没有上手记录');
    cleanup();

    const frames = [
      { number: 1, winner: 'a' as const, points: { a: 72, b: 31 }, highBreak: 58 },
      { number: 2, winner: 'b' as const, points: null, highBreak: null },
      { number: 3, winner: 'a' as const, points: { a: 64, b: 40 }, highBreak: 41 },
      { number: 4, winner: 'a' as const, points: { a: 80, b: 0 }, highBreak: 80 },
      { number: 5, winner: 'a' as const, points: { a: 66, b: 52 }, highBreak: 35 },
    ];
    await open(
      () => demoMatch({ status: 'finished', score: { a: 4, b: 1 }, winner: 'a' }),
      () => history({ frames, headToHead: { played: 0, wins: { a: 0, b: 0 }, frames: { a: 0, b: 0 }, last: [] } }),
    );
    await loaded();
    // The board stays, cleared, with the frames each won and the winner marked.
    expect(screen.getByTestId('tracker-ended-title').textContent).toBe('比赛已结束');
    expect(screen.getByTestId('tracker-final-score').textContent).toBe('最终比分 林浩然 4 : 1 陈子轩');
    expect(screen.getByTestId('tracker-frames-a').textContent).toBe('4');
    expect(screen.getByTestId('tracker-frames-b').textContent).toBe('1');
    expect(screen.getByTestId('tracker-side-a').hasAttribute('data-marked')).toBe(true);
    expect(screen.getByTestId('tracker-side-b').hasAttribute('data-marked')).toBe(false);
    expect(screen.getByTestId('tracker-table').getAttribute('data-reds')).toBe('0');
    expect(screen.queryByTestId('tracker-board')).toBeNull();
    const chips = screen.getAllByTestId('tracker-frame');
    expect(chips.map((c) => c.getAttribute('data-winner'))).toEqual(['a', 'b', 'a', 'a', 'a']);
    // A frame a snapshot went past: its winner only.
    expect(chips[1]!.textContent).toContain('比分未知');
    expect(chips[1]!.querySelector('[data-testid="tracker-frame-hb"]')).toBeNull();
    expect(screen.queryByTestId('tracker-frame-live')).toBeNull();
    expect(screen.getByTestId('tracker-h2h-none').textContent).toBe('两人此前没有交手记录');
  });

  it('collapses and opens again by its head', async () => {
    await open(liveMatch, history);
    await loaded();
    const toggle = screen.getByTestId('tracker-toggle');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('tracker-summary').textContent).toBe('第 2 局 · 24 : 7');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByTestId('tracker').className).not.toContain('trk-open');
    fireEvent.click(toggle);
    expect(screen.getByTestId('tracker').className).toContain('trk-open');
  });

  it('a history that fails to load says so, the frame on still drawn, and retries', async () => {
    let fail = true;
    const api = fakeApi({
      '/taiqiu/match': () => ({ code: 200, data: liveMatch() }),
      '/taiqiu/tracker': () => (fail ? { code: 500, msg: 'boom' } : { code: 200, data: history() }),
    });
    renderAt(<MatchPage />, '/taiqiu/:id', '/taiqiu/7', { staleTime: 30_000 });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('战况数据加载失败');
    expect(screen.getByTestId('tracker-points-a').textContent).toBe('24');
    fail = false;
    fireEvent.click(within(alert).getByRole('button'));
    await loaded();
    expect(api.count('/taiqiu/tracker')).toBe(2);
  });
});
