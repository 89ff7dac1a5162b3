import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session';
import { storage, TOKEN_KEY } from '../../../lib/storage';
import { demoUser, fakeApi } from '../../../test/fake-api';
import { passcodeInput, renderAt } from '../../../test/render';
import ReportCentrePage from './report-centre-page';
import DividendRatiosPage from './dividend-ratios-page';
import { agentProfile, ok } from '../shared/test-fixtures';

describe('/user/daili/fenhongbili and /user/daili/baobiao', () => {
  beforeEach(() => {
    storage.set(TOKEN_KEY, 'tok');
    useSession.setState({ token: 'tok', userInfo: demoUser });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useSession.setState({ token: null, userInfo: null });
  });

  it('sets a sub-agent ratio ≤ mine with the security password, and shows the server refusal as it says', async () => {
    let ratio = 1000;
    let refuse = true;
    const api = fakeApi({
      '/agent/home': () => ok(agentProfile()),
      '/agent/dividendRatio/list': () =>
        ok({
          list: [{ id: 9, username: 'sub09', ratioBp: ratio, teamCount: 4 }],
          total: 1,
          page: 1,
          pageSize: 20,
          myRatioBp: 3000,
        }),
      '/agent/dividendRatio/set': (body) => {
        if (refuse) return { code: 422, msg: '安全密码错误，还可尝试 4 次', data: { field: 'securityPassword' } };
        ratio = body.ratioBp as number;
        return ok({ id: 9, ratioBp: ratio });
      },
    });
    renderAt(<DividendRatiosPage />, '/user/daili/fenhongbili', '/user/daili/fenhongbili');
    expect((await screen.findByTestId('ratio-9')).textContent).toBe('10.00%');
    expect(screen.getByTestId('my-ratio').textContent).toBe('30.00%');

    fireEvent.click(screen.getByTestId('ratio-set-9'));
    const input = await screen.findByTestId('ratio-input-input');
    await waitFor(() => expect(screen.getByText('≤ 30.00%')).toBeTruthy());
    fireEvent.change(input, { target: { value: '31' } });
    fireEvent.change(passcodeInput(document.body, 'security-password'), { target: { value: '246810' } });
    await act(async () => fireEvent.click(screen.getByTestId('ratio-submit')));
    expect(await screen.findByText('分红比例不能高于您自己的 30.00%', { exact: false })).toBeTruthy();
    expect(api.count('/agent/dividendRatio/set')).toBe(0);

    fireEvent.change(input, { target: { value: '25' } });
    await act(async () => fireEvent.click(screen.getByTestId('ratio-submit')));
    expect(await screen.findByText('安全密码错误，还可尝试 4 次')).toBeTruthy();

    refuse = false;
    fireEvent.change(passcodeInput(document.body, 'security-password'), { target: { value: '246810' } });
    await act(async () => fireEvent.click(screen.getByTestId('ratio-submit')));
    expect(api.bodies('/agent/dividendRatio/set').at(-1)).toEqual({
      memberId: 9,
      ratioBp: 2500,
      securityPassword: '246810',
    });
    await waitFor(() => expect(screen.getByTestId('ratio-9').textContent).toBe('25.00%'));
  });

  it('baobiao: every report with its figure of today', async () => {
    fakeApi({ '/agent/home': () => ok(agentProfile()) });
    renderAt(<ReportCentrePage />, '/user/daili/baobiao', '/user/daili/baobiao');
    expect((await screen.findByTestId('headline-dlTuanduisy')).textContent).toBe('¥12.34');
    // Net today = win/loss + rebates + bonuses, signed.
    expect(screen.getByTestId('headline-dlJsybb').textContent).toBe('-¥423.00');
    expect(screen.getByTestId('headline-dlFenhongbili').textContent).toBe('30.00%');
    expect(screen.getByTestId('headline-dlNumberTable').textContent).toBe('4');
    expect(document.querySelectorAll('[data-route]')).toHaveLength(12);
  });
});
