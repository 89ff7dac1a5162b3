import type { limits } from '@breakshot/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmDialog } from '../../components/ui/confirm';
import { useSession } from '../../lib/session';
import { storage, TOKEN_KEY } from '../../lib/storage';
import { demoUser, fakeApi } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import { DepositLimitsForm, ResponsibleGaming } from './limits-section';

vi.mock('../../components/ui/confirm', () => ({ confirmDialog: vi.fn(async () => true) }));

const data: limits.LimitsData = {
  deposit: [
    { period: 'day', amount: 50_000, pending: null, used: 12_000 },
    { period: 'week', amount: 100_000, pending: { amount: 300_000, from: '2026-11-24T10:00:00Z' }, used: 12_000 },
    { period: 'month', amount: null, pending: null, used: 12_000 },
  ],
  exclusion: null,
  reminderMinutes: null,
};

const input = (period: string) => screen.getByTestId(`limit-${period}-input`) as HTMLInputElement;
const error = (period: string) => screen.queryByTestId(`limit-${period}-error`)?.textContent ?? null;

describe('responsible gaming: deposit limits form', () => {
  it('shows the limits in force, what was deposited and a pending increase; validates as the player types', async () => {
    fakeApi({});
    const onSave = vi.fn(async () => data);
    renderAt(<DepositLimitsForm data={data} onSave={onSave} />);
    expect(input('day').value).toBe('500');
    expect(input('week').value).toBe('1000');
    expect(input('month').value).toBe('');
    expect(screen.getAllByText('本期已充值 ¥120.00')).toHaveLength(3);
    expect(screen.getByTestId('limit-week-pending').textContent).toMatch(
      /^将于 2026-11-2\d \d\d:\d\d:\d\d 调整为 ¥3,000.00$/,
    );

    fireEvent.change(input('day'), { target: { value: '0' } });
    expect(error('day')).toBe('须大于 0');
    fireEvent.change(input('day'), { target: { value: '4a00.555' } });
    expect(input('day').value).toBe('400.55');
    expect(error('day')).toBeNull();
    fireEvent.change(input('week'), { target: { value: '' } });
    fireEvent.change(input('month'), { target: { value: '8000' } });
    await act(async () => fireEvent.click(screen.getByTestId('limits-save')));
    // Week left empty: no weekly limit (the server keeps it for 24 hours before removing it).
    expect(onSave).toHaveBeenCalledWith({ kind: 'deposit', day: 40_055, month: 800_000 });
  });

  it('refuses to send while an amount is invalid', async () => {
    fakeApi({});
    const onSave = vi.fn(async () => data);
    renderAt(<DepositLimitsForm data={data} onSave={onSave} />);
    fireEvent.change(input('month'), { target: { value: '0.00' } });
    await act(async () => fireEvent.click(screen.getByTestId('limits-save')));
    expect(onSave).not.toHaveBeenCalled();
    expect(error('month')).toBe('须大于 0');
  });
});

describe('responsible gaming section', () => {
  beforeEach(() => {
    storage.set(TOKEN_KEY, 'tok');
    useSession.setState({ token: 'tok', userInfo: demoUser });
    vi.mocked(confirmDialog).mockClear();
  });

  it('saves the reality reminder when a chip is picked', async () => {
    const api = fakeApi({
      '/user/limits/get': () => ({ code: 200, data }),
      '/user/limits/set': (body) => ({ code: 200, data: { ...data, reminderMinutes: body.minutes } }),
    });
    renderAt(<ResponsibleGaming />);
    const chip = await screen.findByRole('radio', { name: '30 分钟' });
    expect(screen.getByRole('radio', { name: '关闭' }).getAttribute('aria-checked')).toBe('true');
    await act(async () => fireEvent.click(chip));
    await waitFor(() => expect(chip.getAttribute('aria-checked')).toBe('true'));
    expect(api.bodies('/user/limits/set')).toEqual([{ kind: 'reminder', minutes: 30 }]);
  });

  it('self-exclusion needs the password and a confirmation, then logs out locally and goes home', async () => {
    const until = '2027-02-21T10:00:00Z';
    const api = fakeApi({
      '/user/limits/get': () => ({ code: 200, data }),
      '/user/limits/set': () => ({
        code: 200,
        data: { ...data, exclusion: { from: '2026-11-23T10:00:00Z', until } },
      }),
    });
    const { router } = renderAt(<ResponsibleGaming />, '/user/setting', '/user/setting');
    await act(async () => fireEvent.click(await screen.findByTestId('exclusion-submit')));
    expect(screen.getByTestId('exclusion-password-error').textContent).toBe('必填');
    expect(confirmDialog).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('radio', { name: '90 天' }));
    fireEvent.change(screen.getByTestId('exclusion-password-input'), { target: { value: 'secret123' } });
    await act(async () => fireEvent.click(screen.getByTestId('exclusion-submit')));
    expect(vi.mocked(confirmDialog).mock.calls[0]?.[0].content).toContain('90 天');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(api.bodies('/user/limits/set')).toEqual([{ kind: 'exclusion', days: 90, password: 'secret123' }]);
    expect(useSession.getState().token).toBeNull();
  });
});
