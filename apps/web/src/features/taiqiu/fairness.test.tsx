import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import { expectBothLanguages } from '../../test/texts';
import { FAIRNESS_TEXTS } from './fairness-i18n';
import MatchPage from './match-page';
import { demoMatch } from './test-fixtures';

const SEED = 'ab'.repeat(32);
const HASH = '271a413bd339c5709fdceaec41f14f11e9fbfb5042d72d331c65f32b284cd09a';
/** What the seed draws for match 7 at a frame win chance of 0.5: b a b a b. */
const fairness = (frames: ('a' | 'b')[]) => ({ clientSeed: 'match:7', frameWinA: 0.5, frames });

function openPage(over: Parameters<typeof demoMatch>[0]) {
  fakeApi({ '/taiqiu/match': () => ({ code: 200, data: demoMatch(over) }) });
  renderAt(<MatchPage />, '/taiqiu/:id', '/taiqiu/7', { staleTime: 30_000 });
}

describe('match page fairness block', () => {
  it('shows the seed hash of a match still to be played, and no seed and no verify yet', async () => {
    openPage({ status: 'scheduled', score: { a: 0, b: 0 }, seedHash: HASH, fairness: fairness([]) });
    const block = await screen.findByTestId('fairness');
    expect(within(block).getByTestId('fair-hash').textContent).toBe(HASH);
    expect(within(block).getByTestId('fair-seed').textContent).toBe('比赛结束后公布');
    expect(within(block).queryByTestId('fair-verify')).toBeNull();
  });

  it('once finished, 验证 recomputes each frame beside the published winner and checks the hash', async () => {
    const frames: ('a' | 'b')[] = ['b', 'a', 'b', 'a', 'b'];
    openPage({
      status: 'finished',
      score: { a: 2, b: 3 },
      winner: 'b',
      seedHash: HASH,
      serverSeed: SEED,
      fairness: fairness(frames),
    });
    const block = await screen.findByTestId('fairness');
    expect(within(block).getByTestId('fair-seed').textContent).toBe(SEED);
    fireEvent.click(within(block).getByTestId('fair-verify'));
    expect((await within(block).findByTestId('fair-hash-check')).textContent).toContain('✓');
    expect(within(block).getByTestId('fair-frames-check').textContent).toBe('✓ 5 局验算结果与公布结果全部一致');
    const rows = within(block).getAllByTestId('fair-frame');
    expect(rows.map((r) => r.getAttribute('data-ok'))).toEqual(['true', 'true', 'true', 'true', 'true']);
    expect(rows[0]!.textContent).toBe('第 1 局0.6621陈子轩陈子轩 ✓');
  });

  it('a published frame the seed does not give, or a seed that is not the committed one, shows as ✗', async () => {
    openPage({
      status: 'finished',
      score: { a: 3, b: 2 },
      winner: 'a',
      seedHash: HASH.replace('2', '3'),
      serverSeed: SEED,
      fairness: fairness(['a', 'a', 'b', 'a', 'b']),
    });
    const block = await screen.findByTestId('fairness');
    fireEvent.click(within(block).getByTestId('fair-verify'));
    expect((await within(block).findByTestId('fair-hash-check')).textContent).toContain('✗');
    expect(within(block).getByTestId('fair-frames-check').textContent).toBe('✗ 1 局验算结果与公布结果不一致');
    expect(within(block).getAllByTestId('fair-frame')[0]!.getAttribute('data-ok')).toBe('false');
  });

  it('an operator-run match has no fairness block', async () => {
    openPage({});
    await screen.findByTestId('match-page');
    expect(screen.queryByTestId('fairness')).toBeNull();
  });

  it('every text has a Chinese and an English version', () => expectBothLanguages(FAIRNESS_TEXTS));
});
