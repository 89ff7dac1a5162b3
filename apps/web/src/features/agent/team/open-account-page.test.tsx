import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session';
import { storage, TOKEN_KEY } from '../../../lib/storage';
import { demoUser, fakeApi } from '../../../test/fake-api';
import { passcodeInput, renderAt } from '../../../test/render';
import OpenAccountPage from './open-account-page';
import { agentProfile, ok } from '../shared/test-fixtures';

const open = () => renderAt(<OpenAccountPage />, '/user/daili/kaihu', '/user/daili/kaihu');
const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(`${testId}-input`), { target: { value } });

describe('/user/daili/kaihu open account', () => {
  beforeEach(() => {
    storage.set(TOKEN_KEY, 'tok');
    useSession.setState({ token: 'tok', userInfo: demoUser });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useSession.setState({ token: null, userInfo: null });
  });

  it('a plain member may open members only: no agent option and no dividend ratio', async () => {
    fakeApi({ '/agent/home': () => ok(agentProfile({ kind: 'member', dividendRatioBp: 0 })) });
    open();
    expect(await screen.findByTestId('kaihu-kind-member')).toBeTruthy();
    expect(screen.queryByTestId('kaihu-kind')).toBeNull();
    expect(document.querySelector('[data-value="agent"]')).toBeNull();
    expect(screen.queryByTestId('rate-dividendRatioBp')).toBeNull();
  });

  it('an agent may choose agent, which asks for the dividend ratio', async () => {
    fakeApi({ '/agent/home': () => ok(agentProfile()) });
    open();
    const agentChip = await screen.findByRole('radio', { name: '代理' });
    expect(screen.queryByTestId('rate-dividendRatioBp')).toBeNull();
    fireEvent.click(agentChip);
    expect(screen.getByTestId('rate-dividendRatioBp')).toBeTruthy();
  });

  it('refuses a rate or ratio above my own without calling, then sends the rates in basis points and the security password', async () => {
    const api = fakeApi({
      '/agent/home': () => ok(agentProfile()),
      '/agent/openAccount': () => ok({ id: 42, username: 'newagent1' }),
    });
    const { container } = open();
    fireEvent.click(await screen.findByRole('radio', { name: '代理' }));
    type('kaihu-username', 'newagent1');
    type('kaihu-password', 'abc12345');
    type('rate-taiqiu', '1.5');
    type('rate-slots', '0.8');
    type('rate-dividendRatioBp', '35');
    fireEvent.change(passcodeInput(container, 'security-password'), { target: { value: '246810' } });
    await act(async () => fireEvent.click(screen.getByTestId('kaihu-submit')));
    expect(screen.getByTestId('rate-taiqiu-error').textContent).toBe('台球返佣不能高于您自己的 1.20%');
    expect(screen.getByTestId('rate-dividendRatioBp-error').textContent).toBe('分红比例不能高于您自己的 30.00%');
    expect(screen.queryByTestId('rate-slots-error')).toBeNull();
    expect(api.count('/agent/openAccount')).toBe(0);

    type('rate-taiqiu', '1.2');
    type('rate-dividendRatioBp', '25.5');
    await act(async () => fireEvent.click(screen.getByTestId('kaihu-submit')));
    expect(await screen.findByTestId('kaihu-done')).toBeTruthy();
    expect(api.bodies('/agent/openAccount')).toEqual([
      {
        username: 'newagent1',
        password: 'abc12345',
        kind: 'agent',
        rates: { taiqiu: 120, slots: 80, poker: 0 },
        dividendRatioBp: 2550,
        securityPassword: '246810',
      },
    ]);
  });

  it('shows a wrong security password under its field', async () => {
    fakeApi({
      '/agent/home': () => ok(agentProfile()),
      '/agent/openAccount': () => ({
        code: 400,
        msg: '安全密码错误，还可尝试 4 次',
        data: { field: 'securityPassword' },
      }),
    });
    const { container } = open();
    await screen.findByTestId('kaihu-form');
    type('kaihu-username', 'newmember1');
    type('kaihu-password', 'abc12345');
    fireEvent.change(passcodeInput(container, 'security-password'), { target: { value: '111111' } });
    await act(async () => fireEvent.click(screen.getByTestId('kaihu-submit')));
    expect((await screen.findByTestId('security-password-error')).textContent).toBe('安全密码错误，还可尝试 4 次');
  });

  it('without a security password: says to set one first, links to it and cannot submit', async () => {
    fakeApi({ '/agent/home': () => ok(agentProfile({ hasSecurityPassword: false })) });
    open();
    const notice = await screen.findByTestId('no-security-password');
    expect(notice.querySelector('a')!.getAttribute('href')).toBe('/user/daili/anquanpass');
    expect((screen.getByTestId('kaihu-submit') as HTMLButtonElement).disabled).toBe(true);
  });
});
