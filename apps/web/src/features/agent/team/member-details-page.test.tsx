import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session';
import { storage, TOKEN_KEY } from '../../../lib/storage';
import { demoUser, fakeApi } from '../../../test/fake-api';
import { passcodeInput, renderAt } from '../../../test/render';
import MemberDetailsPage from './member-details-page';
import { agentProfile, memberDetails, ok } from '../shared/test-fixtures';

const open = (id = 7) =>
  renderAt(<MemberDetailsPage />, '/user/daili/dailiDetails/:id', `/user/daili/dailiDetails/${id}`);
const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(`${testId}-input`), { target: { value } });

describe('/user/daili/dailiDetails/{id} member details', () => {
  beforeEach(() => {
    storage.set(TOKEN_KEY, 'tok');
    useSession.setState({ token: 'tok', userInfo: demoUser });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useSession.setState({ token: null, userInfo: null });
  });

  it('shows the member and links transfer, bets and fund details to this member', async () => {
    fakeApi({ '/agent/member/details': () => ok(memberDetails()) });
    open();
    expect((await screen.findByTestId('member-mobile')).textContent).toBe('138****8000');
    expect(screen.getByTestId('member-rates').textContent).toBe('台球 1.00%电子 0.60%棋牌 0.30%');
    expect(screen.getByTestId('action-transfer').getAttribute('href')).toBe('/user/daili/chongzhi?id=7');
    expect(screen.getByTestId('action-bets').getAttribute('href')).toBe('/user/daili/zhudanDetails?id=7');
    expect(screen.getByTestId('action-funds').getAttribute('href')).toBe('/user/daili/zijinmingxi?id=7');
  });

  it('a member deeper in the team cannot be edited', async () => {
    fakeApi({
      '/agent/member/details': () =>
        ok(memberDetails({ depth: 2, editable: false, upline: { id: 3, username: 'mid03' } })),
    });
    open();
    expect(await screen.findByText('仅可修改直属成员')).toBeTruthy();
    expect(screen.queryByTestId('edit-rates')).toBeNull();
  });

  it('editing a direct agent refuses a rate above my own, then sends the rates, ratio and security password', async () => {
    const api = fakeApi({
      '/agent/home': () => ok(agentProfile()),
      '/agent/member/details': () => ok(memberDetails({ kind: 'agent', dividendRatioBp: 1000 })),
      '/agent/member/setRates': (body) =>
        ok(
          memberDetails({ kind: 'agent', rates: body.rates as never, dividendRatioBp: body.dividendRatioBp as number }),
        ),
    });
    open();
    fireEvent.click(await screen.findByTestId('edit-rates'));
    expect(((await screen.findByTestId('rate-taiqiu-input')) as HTMLInputElement).value).toBe('1');
    expect((screen.getByTestId('rate-dividendRatioBp-input') as HTMLInputElement).value).toBe('10');
    type('rate-slots', '0.81');
    fireEvent.change(passcodeInput(document.body, 'security-password'), { target: { value: '246810' } });
    await act(async () => fireEvent.click(screen.getByTestId('rates-submit')));
    expect(screen.getByTestId('rate-slots-error').textContent).toBe('电子返佣不能高于您自己的 0.80%');
    expect(api.count('/agent/member/setRates')).toBe(0);

    type('rate-slots', '0.75');
    type('rate-dividendRatioBp', '20');
    await act(async () => fireEvent.click(screen.getByTestId('rates-submit')));
    expect(api.bodies('/agent/member/setRates')).toEqual([
      { id: 7, rates: { taiqiu: 100, slots: 75, poker: 30 }, dividendRatioBp: 2000, securityPassword: '246810' },
    ]);
    // The sheet closes and the details show the answer.
    await waitFor(() => expect(screen.getByTestId('member-rates').textContent).toContain('电子 0.75%'));
    expect(screen.getByTestId('member-rates').textContent).toContain('分红 20.00%');
  });
});
