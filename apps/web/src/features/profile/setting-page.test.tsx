import { act, fireEvent, screen } from '@testing-library/react';
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
