import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { logIn, renderWithProviders, sessionOf } from '../../test/render';
import { PlayerLimits } from './player-limits';

describe('player limits (read only)', () => {
  it('shows each deposit limit, a pending increase, the self-exclusion with its end and that nobody lifts it', async () => {
    logIn(sessionOf('risk'));
    const api = fakeApi({
      '/players/limits': () => ({
        data: {
          username: 'player01',
          deposit: [
            { period: 'day', amount: 50_000, pending: { amount: 80_000, from: '2026-11-24T10:00:00Z' }, used: 12_000 },
            { period: 'week', amount: null, pending: null, used: 12_000 },
            { period: 'month', amount: 500_000, pending: null, used: 12_000 },
          ],
          exclusion: { from: '2026-11-23T10:00:00Z', until: '2026-12-23T10:00:00Z' },
          reminderMinutes: 30,
        },
      }),
    });
    renderWithProviders(<PlayerLimits username="player01" />);
    const exclusion = await screen.findByTestId('player-exclusion');
    expect(exclusion.textContent).toMatch(/自我排除中，至 2026-12-23/);
    expect(exclusion.textContent).toContain('不能提前解除');
    const card = within(screen.getByTestId('player-limits'));
    expect(card.getByText('¥500.00')).toBeTruthy();
    expect(card.getByTestId('limit-pending').textContent).toMatch(/¥800\.00 · 2026-11-24 .* 生效/);
    expect(card.getByText('每 30 分钟')).toBeTruthy();
    expect(card.queryByRole('button')).toBeNull();
    expect(api.last('/players/limits')!.body).toEqual({ username: 'player01' });
  });
});
