import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmDialog } from '../components/ui/confirm';
import { useSession } from '../lib/session';
import { SESSION_STARTED_KEY, storage, TOKEN_KEY } from '../lib/storage';
import { demoUser, fakeApi } from '../test/fake-api';
import { renderAt } from '../test/render';
import RealityReminder, { nextReminderAt, sessionStart } from './reality-reminder';

vi.mock('../components/ui/confirm', () => ({ confirmDialog: vi.fn(async () => false) }));

const MIN = 60_000;
const limits = (reminderMinutes: number | null) => ({
  deposit: [],
  exclusion: null,
  reminderMinutes,
});

describe('reality reminder', () => {
  beforeEach(() => {
    storage.set(TOKEN_KEY, 'tok');
    useSession.setState({ token: 'tok', userInfo: demoUser });
    vi.mocked(confirmDialog).mockClear();
  });

  it('counts from the login of this token', () => {
    storage.set(SESSION_STARTED_KEY, { token: 'old', at: 1 });
    const at = sessionStart('tok');
    expect(at).toBeGreaterThan(1);
    expect(sessionStart('tok')).toBe(at);
  });

  it('falls every N minutes of session time', () => {
    expect(nextReminderAt(0, 15 * MIN, 0)).toBe(15 * MIN);
    expect(nextReminderAt(0, 15 * MIN, 15 * MIN - 1)).toBe(15 * MIN);
    expect(nextReminderAt(0, 15 * MIN, 15 * MIN)).toBe(30 * MIN);
    expect(nextReminderAt(1_000, 30 * MIN, 95 * MIN)).toBe(1_000 + 120 * MIN);
  });

  it('tells the time played when due and logs out when the player chooses to', async () => {
    // Due 2 s from now: time enough for the limits call on a busy machine (once it is past, the
    // next reminder is 15 minutes away).
    storage.set(SESSION_STARTED_KEY, { token: 'tok', at: Date.now() - 15 * MIN + 2_000 });
    const api = fakeApi({
      '/user/limits/get': () => ({ code: 200, data: limits(15) }),
      '/user/logout': () => ({ code: 200, data: {} }),
    });
    const { router } = renderAt(<RealityReminder />, '/user', '/user');
    await waitFor(() => expect(confirmDialog).toHaveBeenCalledTimes(1), { timeout: 8_000 });
    expect(vi.mocked(confirmDialog).mock.calls[0]?.[0]).toMatchObject({
      content: '您本次已游戏 15 分钟。请注意休息，理性娱乐。',
      confirmText: '继续游戏',
      cancelText: '退出登录',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(api.count('/user/logout')).toBe(1);
    expect(useSession.getState().token).toBeNull();
  });

  it('stays silent when the reminder is off', async () => {
    storage.set(SESSION_STARTED_KEY, { token: 'tok', at: Date.now() - 15 * MIN + 50 });
    const api = fakeApi({ '/user/limits/get': () => ({ code: 200, data: limits(null) }) });
    renderAt(<RealityReminder />);
    await waitFor(() => expect(api.count('/user/limits/get')).toBe(1));
    await new Promise((r) => setTimeout(r, 300));
    expect(confirmDialog).not.toHaveBeenCalled();
  });
});
