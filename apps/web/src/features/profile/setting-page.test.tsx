import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../lib/session';
import { storage, TOKEN_KEY } from '../../lib/storage';
import { demoUser, fakeApi } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import SettingPage from './setting-page';

const limits = {
  deposit: (['day', 'week', 'month'] as const).map((period) => ({ period, amount: null, pending: null, used: 0 })),
  exclusion: null,
  reminderMinutes: null,
};

describe('/user/setting: fund password', () => {
  beforeEach(() => {
    storage.set(TOKEN_KEY, 'tok');
    fakeApi({ '/user/limits/get': () => ({ code: 200, data: limits }) });
  });

  it('offers the SMS reset of a forgotten fund password once one is set', async () => {
    useSession.setState({ token: 'tok', userInfo: { ...demoUser, hasFundPassword: true, mobile: '138****8000' } });
    renderAt(<SettingPage />);
    await act(async () => fireEvent.click(screen.getByTestId('set-fund-password-reset')));
    expect(await screen.findByText('重置资金密码')).toBeTruthy();
    expect(screen.getByText(/验证码将发送至绑定手机 138\*\*\*\*8000/)).toBeTruthy();
  });

  it('has nothing to reset before a fund password is set', () => {
    useSession.setState({ token: 'tok', userInfo: { ...demoUser, hasFundPassword: false } });
    renderAt(<SettingPage />);
    expect(screen.getByTestId('set-fund-password').textContent).toContain('去设置');
    expect(screen.queryByTestId('set-fund-password-reset')).toBeNull();
  });
});

describe('/user/setting: 投注设置 → 赔率变化时', () => {
  it('shows the saved choice; the sheet explains the three and saves the one chosen', async () => {
    let saved = 'none';
    const api = fakeApi({
      '/user/limits/get': () => ({ code: 200, data: limits }),
      '/taiqiu/preferences': () => ({ code: 200, data: { oddsChange: saved } }),
      '/taiqiu/preferences/set': (body) => {
        saved = String(body.oddsChange);
        return { code: 200, data: { oddsChange: saved } };
      },
    });
    storage.set(TOKEN_KEY, 'tok');
    useSession.setState({ token: 'tok', userInfo: demoUser });
    renderAt(<SettingPage />);
    const section = screen.getByTestId('set-betting');
    expect(section.querySelector('h2')!.textContent).toBe('投注设置');
    await waitFor(() => expect(screen.getByTestId('set-odds-change-value').textContent).toBe('不接受赔率变化'));
    expect(screen.getByTestId('set-odds-change').textContent).toContain('赔率变化时');

    await act(async () => fireEvent.click(screen.getByTestId('set-odds-change')));
    const sheet = await screen.findByTestId('odds-change-sheet');
    expect(sheet.textContent).toContain('滚球投注提交后需经过几秒确认');
    expect(screen.getByRole('radio', { name: /只接受更高赔率/ }).getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('radio', { name: /不接受赔率变化/ }).getAttribute('aria-checked')).toBe('true');
    await act(async () => fireEvent.click(screen.getByTestId('odds-change-better')));
    await waitFor(() => expect(screen.getByTestId('set-odds-change-value').textContent).toBe('只接受更高赔率'));
    expect(api.bodies('/taiqiu/preferences/set')).toEqual([{ oddsChange: 'better' }]);
    await waitFor(() => expect(screen.queryByTestId('odds-change-sheet')).toBeNull());
  });
});
