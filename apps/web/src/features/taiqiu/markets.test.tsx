import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import type { LiveEventMessage } from '../../lib/live';
import { live, useSession } from '../../lib/session';
import { storage, TOKEN_KEY } from '../../lib/storage';
import { fakeApi } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import type { MatchDetails } from './api/match';
import MatchPage from './match-page';
import { fullBookMatch } from './test-fixtures';

/** Delivers an event as if it came over the live connection, and lets the query cache notify. */
const deliver = (ev: LiveEventMessage) =>
  act(async () => {
    (live as unknown as { dispatch: (e: LiveEventMessage) => void }).dispatch(ev);
    await new Promise((r) => setTimeout(r, 0));
  });

/** MATCH_UPDATED's markets of a match as the page would have them. */
const liveMarkets = (match: MatchDetails) =>
  match.markets.map((m) => ({
    id: m.id,
    type: m.type,
    ...(m.line !== undefined ? { line: m.line } : {}),
    ...(m.frame !== undefined ? { frame: m.frame } : {}),
    status: m.status,
    selections: m.selections.map((s) => ({ id: s.id, pick: s.pick, odds: s.odds })),
  }));

const tabs = () => within(screen.getByRole('tablist')).getAllByRole('tab');
const tabLabels = () => tabs().map((tab) => tab.textContent);
/** Opens match 7's page; the server answers `match` (or what the function gives at each call). */
const open = async (match: MatchDetails | (() => MatchDetails)) => {
  const api = fakeApi({
    '/taiqiu/match': () => ({ code: 200, data: typeof match === 'function' ? match() : match }),
  });
  renderAt(<MatchPage />, '/taiqiu/:id', '/taiqiu/7', { staleTime: 30_000 });
  await screen.findByTestId('match-page');
  return api;
};
const marketIds = (type: string) =>
  screen.queryAllByTestId(`market-${type}`).map((m) => m.getAttribute('data-market-id'));

describe('the markets of the match page, in sections', () => {
  beforeEach(() => {
    storage.set(TOKEN_KEY, 'tok');
    useSession.setState({ token: 'tok', userInfo: null });
  });
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    useSession.setState({ token: null, userInfo: null });
    await setLanguage('zh-CN');
  });

  it('opens on 全场 with the match markets; tabs for the frame in play (marked), the next, 波胆 and 单杆', async () => {
    await open(fullBookMatch());
    expect(tabLabels()).toEqual(['全场', '第2局', '第3局', '波胆', '单杆']);
    expect(screen.getByTestId('tab-match').getAttribute('aria-selected')).toBe('true');
    expect(within(screen.getByTestId('tab-frame-2')).getByTestId('tab-in-play')).toBeTruthy();
    expect(within(screen.getByTestId('tab-frame-3')).queryByTestId('tab-in-play')).toBeNull();
    const section = screen.getByTestId('section-match');
    expect([...section.querySelectorAll('[data-market-id]')].map((m) => m.getAttribute('data-testid'))).toEqual([
      'market-winner',
      'market-handicap',
      'market-total',
      'market-oddeven',
      'market-race_to',
    ]);
    expect(screen.queryByTestId('market-frame_winner')).toBeNull();
    expect(screen.getByTestId('market-race_to').textContent).toContain('先赢3局');
  });

  it('a frame section: its number, in play with its points or when it starts, and its markets with data-frame', async () => {
    await open(fullBookMatch());
    fireEvent.click(screen.getByTestId('tab-frame-2'));
    expect(screen.getByTestId('tab-frame-2').getAttribute('aria-selected')).toBe('true');
    const banner = screen.getByTestId('frame-banner');
    expect(banner.textContent).toContain('第2局进行中');
    expect(screen.getByTestId('frame-banner-points').textContent).toBe('林浩然24 : 7陈子轩');
    expect(marketIds('frame_winner')).toEqual(['31']);
    expect(screen.getByTestId('market-frame_points').getAttribute('data-frame')).toBe('2');
    expect(screen.queryByTestId('market-winner')).toBeNull();

    fireEvent.click(screen.getByTestId('tab-frame-3'));
    expect(screen.getByTestId('frame-banner').textContent).toBe('第3局第2局结束后开始');
    expect(screen.queryByTestId('frame-banner-points')).toBeNull();
    expect(marketIds('frame_winner')).toEqual(['41']);
    fireEvent.click(screen.getByTestId('odds-412'));
    expect((await screen.findByTestId('slip-selection')).textContent).toBe('陈子轩');
  });

  it('波胆 is a two-column grid: a’s wins left, b’s right; scores no longer possible are off', async () => {
    await open(fullBookMatch());
    fireEvent.click(screen.getByTestId('tab-score'));
    const grid = screen.getByTestId('correct-score-grid');
    const cells = (side: string) =>
      within(within(grid).getByTestId(`cs-col-${side}`))
        .getAllByRole('button')
        .map((b) => b.textContent);
    expect(within(grid).getByTestId('cs-col-a').firstChild!.textContent).toBe('林浩然 胜');
    expect(cells('a')).toEqual(['4:09.50', '4:15.80', '4:25.20', '4:36.40']);
    // 1:0 to player a: b can no longer win 4:0.
    expect(cells('b')).toEqual(['0:4—', '1:415.50', '2:410.25', '3:49.00']);
    expect((screen.getByTestId('odds-155') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('odds-153'));
    expect((await screen.findByTestId('slip-selection')).textContent).toBe('4:2');
    expect(screen.getByTestId('slip-odds').textContent).toBe('5.20');
  });

  it('单杆: century, highest break and each frame’s 50+ (the frame in play tagged); frame 1’s, closed, is hidden', async () => {
    await open(fullBookMatch());
    fireEvent.click(screen.getByTestId('tab-breaks'));
    expect(marketIds('century')).toEqual(['17']);
    expect(marketIds('high_break')).toEqual(['18']);
    expect(marketIds('frame_fifty')).toEqual(['33', '43']);
    const [inPlay, next] = screen.getAllByTestId('market-frame_fifty');
    expect(inPlay!.textContent).toContain('第2局 单杆50+进行中');
    expect(next!.textContent).not.toContain('进行中');
    expect(screen.getByTestId('odds-181').textContent).toBe('大 89.51.90');
  });

  it('closed markets go to the bottom, collapsed; a section with nothing on offer says so', async () => {
    const match = fullBookMatch();
    match.markets = match.markets.map((m) =>
      ['century', 'high_break'].includes(m.type) || m.type === 'frame_fifty' ? { ...m, status: 'closed' as const } : m,
    );
    await open(match);
    fireEvent.click(screen.getByTestId('tab-breaks'));
    expect(screen.getByTestId('section-empty').textContent).toBe('单杆玩法暂无可投注的盘口');
    const closed = screen.getByTestId('closed-markets');
    expect(closed.hasAttribute('open')).toBe(false);
    expect(closed.querySelector('summary')!.textContent).toBe('已封盘的玩法（4）');
    expect(
      within(closed)
        .getAllByTestId('market-state')
        .map((s) => s.textContent),
    ).toEqual(['已封盘', '已封盘', '已封盘', '已封盘']);
    // Frame 1's, played, is not among them.
    expect(marketIds('frame_fifty')).toEqual(['33', '43']);
  });

  it('a frame’s markets that open on MATCH_UPDATED are fetched; the section of a frame that ended gives way', async () => {
    let match = fullBookMatch();
    const api = await open(() => match);
    fireEvent.click(screen.getByTestId('tab-frame-2'));
    const loads = api.of('/taiqiu/match').length;

    // Frame 2 ends (2:0): its markets close, frame 4's open.
    const next = fullBookMatch({ frame: null, score: { a: 2, b: 0 } });
    next.markets = next.markets.map((m) =>
      m.frame === 2
        ? { ...m, status: 'closed' as const }
        : m.status === 'open'
          ? { ...m, status: 'suspended' as const }
          : m,
    );
    next.markets.push({
      ...next.markets.find((m) => m.id === 41)!,
      id: 51,
      frame: 4,
      name: '第4局 胜者',
      selections: [
        { id: 511, pick: 'a', name: '林浩然', odds: 1.7 },
        { id: 512, pick: 'b', name: '陈子轩', odds: 2.1 },
      ],
    });
    match = next;
    await deliver({
      type: 'MATCH_UPDATED',
      matchId: 7,
      status: 'live',
      score: { a: 2, b: 0 },
      frame: null,
      markets: liveMarkets(next),
    });
    await waitFor(() => expect(tabLabels()).toEqual(['全场', '第3局', '第4局', '波胆', '单杆']));
    expect(api.of('/taiqiu/match').length).toBe(loads + 1);
    // The page was on frame 2: now on frame 3, next to start.
    expect(screen.getByTestId('tab-frame-3').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('frame-banner').textContent).toBe('第3局即将开始');
    expect(screen.queryByTestId('tab-in-play')).toBeNull();
    expect(screen.getByText('第 3 局即将开始')).toBeTruthy();
    fireEvent.click(screen.getByTestId('tab-frame-4'));
    expect(screen.getByTestId('frame-banner').textContent).toBe('第4局第3局结束后开始');
    expect(screen.getByTestId('market-frame_winner').getAttribute('data-frame')).toBe('4');
    expect(screen.getByTestId('odds-511').textContent).toBe('林浩然暂停');
  });

  it('a selection MATCH_UPDATED no longer carries leaves the page, without a reload', async () => {
    const match = fullBookMatch();
    const api = await open(match);
    fireEvent.click(screen.getByTestId('tab-score'));
    const loads = api.of('/taiqiu/match').length;
    const markets = liveMarkets(match).map((m) =>
      m.id === 15 ? { ...m, selections: m.selections.filter((s) => s.pick !== '0:4') } : m,
    );
    await deliver({ type: 'MATCH_UPDATED', matchId: 7, status: 'live', score: { a: 1, b: 0 }, markets });
    expect(screen.queryByTestId('odds-155')).toBeNull();
    expect(screen.getByTestId('odds-156')).toBeTruthy();
    expect(api.of('/taiqiu/match').length).toBe(loads);
  });

  it('reads in English', async () => {
    await setLanguage('en');
    await open(fullBookMatch());
    expect(tabLabels()).toEqual(['Match', 'Frame 2', 'Frame 3', 'Correct score', 'Breaks']);
    fireEvent.click(screen.getByTestId('tab-frame-3'));
    expect(screen.getByTestId('frame-banner').textContent).toBe('Frame 3Starts after frame 2');
  });
});
