import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../lib/session';
import { demoUser, fakeApi } from '../../test/fake-api';
import { passcodeInput, renderAt } from '../../test/render';
import { ForgotFundPasswordLink } from './fund-password-reset-sheet';

const typePasscode = (testId: string, value: string) =>
  fireEvent.change(passcodeInput(document.body, testId), { target: { value } });

describe('forgotten fund password: the reset sheet', () => {
  beforeEach(() => useSession.setState({ token: 't', userInfo: { ...demoUser, mobile: '138****8000' } }));
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.setState({ token: null, userInfo: null });
  });

  it('sends the code to the bound mobile and sets the new 6 digits', async () => {
    const api = fakeApi({
      '/user/edit/sendSmsCode': () => ({ code: 200, data: { resendAfter: 60, expiresIn: 300 } }),
      '/user/edit/resetFundPassword': () => ({ code: 200, data: {} }),
      '/user/info': () => ({ code: 200, data: { ...demoUser, mobile: '138****8000', hasFundPassword: true } }),
    });
    const onDone = vi.fn();
    // Opened from inside another form (the withdraw form): submitting the sheet leaves that one alone.
    const outer = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    renderAt(
      <form onSubmit={outer}>
        <ForgotFundPasswordLink onDone={onDone} />
      </form>,
    );
    fireEvent.click(await screen.findByTestId('forgot-fund-password'));
    expect((await screen.findByTestId('fund-reset-sheet')).textContent).toContain('138****8000');

    await act(async () => fireEvent.click(screen.getByTestId('fund-reset-code-send')));
    expect(api.bodies('/user/edit/sendSmsCode')).toEqual([{ purpose: 'fund' }]);
    fireEvent.change(screen.getByTestId('fund-reset-code-input'), { target: { value: '654321' } });
    typePasscode('fund-reset-new', '246810');
    typePasscode('fund-reset-confirm', '246811');
    fireEvent.click(screen.getByTestId('fund-reset-submit'));
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
    expect(api.count('/user/edit/resetFundPassword')).toBe(0);

    typePasscode('fund-reset-confirm', '246810');
    fireEvent.click(screen.getByTestId('fund-reset-submit'));
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(api.bodies('/user/edit/resetFundPassword')).toEqual([{ code: '654321', fundPassword: '246810' }]);
    expect(outer).not.toHaveBeenCalled();
  });

  it('a wrong code shows under the code field and the sheet stays', async () => {
    fakeApi({
      '/user/edit/resetFundPassword': () => ({ code: 400, msg: '验证码错误，还可尝试 4 次', data: { field: 'code' } }),
    });
    renderAt(<ForgotFundPasswordLink />);
    fireEvent.click(await screen.findByTestId('forgot-fund-password'));
    await screen.findByTestId('fund-reset-sheet');
    fireEvent.change(screen.getByTestId('fund-reset-code-input'), { target: { value: '111111' } });
    typePasscode('fund-reset-new', '246810');
    typePasscode('fund-reset-confirm', '246810');
    fireEvent.click(screen.getByTestId('fund-reset-submit'));
    expect((await screen.findByTestId('fund-reset-code-error')).textContent).toBe('验证码错误，还可尝试 4 次');
    expect(screen.getByTestId('fund-reset-sheet')).toBeTruthy();
  });

  it('without a bound mobile: says so and links to /user/mobile', async () => {
    useSession.setState({ userInfo: { ...demoUser, mobile: null } });
    fakeApi({});
    const { router } = renderAt(<ForgotFundPasswordLink />);
    fireEvent.click(await screen.findByTestId('forgot-fund-password'));
    expect(await screen.findByTestId('fund-reset-no-mobile')).toBeTruthy();
    expect(screen.queryByTestId('fund-reset-submit')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: '去绑定' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/mobile'));
  });
});
