import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { logIn, renderWithProviders, sessionOf } from '../../test/render';
import { PlayerStakeLimits } from './player-stake-limits';

const READ = '/taiqiu/player/limits';
const SET = '/taiqiu/player/limits/set';

type Limits = { userId: number; stakeFactorBp: number; maxStake: number | null };

/** A server that keeps the limits it is sent. */
function fake(start: Limits, handlers: Parameters<typeof fakeApi>[0] = {}) {
  let limits = start;
  return fakeApi({
    [READ]: () => ({ data: limits }),
    [SET]: (body) => {
      limits = { userId: 7, stakeFactorBp: body.stakeFactorBp as number, maxStake: body.maxStake as number | null };
      return { data: limits };
    },
    ...handlers,
  });
}

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: /修改限额/ }));
  return screen.findByRole('dialog');
}

function type(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

const okButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: /确\s*定|OK/ });

describe('台球投注限额', () => {
  it('shows the factor as a multiplier and the maximum stake, 不限 when none', async () => {
    logIn(sessionOf('risk'));
    const api = fake({ userId: 7, stakeFactorBp: 2_000, maxStake: 50_000 });
    const view = renderWithProviders(<PlayerStakeLimits userId={7} username="player01" />);
    expect((await screen.findByTestId('stake-factor')).textContent).toBe('0.2×');
    expect(screen.getByTestId('max-stake').textContent).toBe('¥500.00');
    expect(api.last(READ)!.body).toEqual({ userId: 7 });
    view.unmount();

    fake({ userId: 7, stakeFactorBp: 10_000, maxStake: null });
    renderWithProviders(<PlayerStakeLimits userId={7} username="player01" />);
    expect((await screen.findByTestId('stake-factor')).textContent).toBe('1×');
    expect(screen.getByTestId('max-stake').textContent).toBe('不限');
  });

  it('sets the factor in basis points and the maximum in minor units, with the required reason', async () => {
    logIn(sessionOf('risk'));
    const api = fake({ userId: 7, stakeFactorBp: 10_000, maxStake: null });
    renderWithProviders(<PlayerStakeLimits userId={7} username="player01" />);
    const dialog = await openDialog();
    expect(dialog.textContent).toContain('台球投注限额：player01');
    const factor = within(dialog).getByLabelText('投注倍数（0.01–1）') as HTMLInputElement;
    expect(factor.value).toBe('1.00');

    type(factor, '0.25');
    type(within(dialog).getByLabelText('单注最高（元）'), '300');
    fireEvent.click(okButton(dialog));
    expect(await within(dialog).findByText('请填写原因')).toBeTruthy();
    expect(api.count(SET)).toBe(0);

    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '职业玩家' } });
    fireEvent.click(okButton(dialog));
    await waitFor(() => expect(api.count(SET)).toBe(1));
    expect(api.last(SET)!.body).toEqual({ userId: 7, stakeFactorBp: 2_500, maxStake: 30_000, reason: '职业玩家' });
    expect(await screen.findByText('台球投注限额已保存')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('stake-factor').textContent).toBe('0.25×'));
    expect(screen.getByTestId('max-stake').textContent).toBe('¥300.00');
  });

  it('keeps the factor within 0.01–1, and sends an emptied maximum as null', async () => {
    logIn(sessionOf('risk'));
    const api = fake({ userId: 7, stakeFactorBp: 5_000, maxStake: 20_000 });
    renderWithProviders(<PlayerStakeLimits userId={7} username="player01" />);
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '恢复' } });
    const factor = within(dialog).getByLabelText('投注倍数（0.01–1）') as HTMLInputElement;
    type(factor, '0');
    expect(factor.value).toBe('0.01');
    type(factor, '1.5');
    expect(factor.value).toBe('1.00');
    type(within(dialog).getByLabelText('单注最高（元）'), '');
    fireEvent.click(okButton(dialog));
    await waitFor(() => expect(api.count(SET)).toBe(1));
    expect(api.last(SET)!.body).toEqual({ userId: 7, stakeFactorBp: 10_000, maxStake: null, reason: '恢复' });
  });

  it("shows the server's refusal and keeps the dialog open", async () => {
    logIn(sessionOf('risk'));
    const api = fake(
      { userId: 7, stakeFactorBp: 10_000, maxStake: null },
      { [SET]: () => ({ code: 404, msg: '玩家不存在' }) },
    );
    renderWithProviders(<PlayerStakeLimits userId={7} username="player01" />);
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '测试' } });
    fireEvent.click(okButton(dialog));
    await waitFor(() => expect(api.count(SET)).toBe(1));
    expect(await screen.findByText('玩家不存在')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBe(dialog);
  });

  it('shows a failed read', async () => {
    logIn(sessionOf('risk'));
    fake(
      { userId: 7, stakeFactorBp: 10_000, maxStake: null },
      { [READ]: () => ({ code: 500, msg: '服务器内部错误' }) },
    );
    renderWithProviders(<PlayerStakeLimits userId={7} username="player01" />);
    expect(await within(screen.getByTestId('player-stake-limits')).findByText('服务器内部错误')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /修改限额/ })).toBeNull();
  });

  it('is not shown to a role that does not trade', async () => {
    logIn(sessionOf('finance'));
    const api = fakeApi({});
    renderWithProviders(<PlayerStakeLimits userId={7} username="player01" />);
    expect(screen.queryByTestId('player-stake-limits')).toBeNull();
    expect(api.count(READ)).toBe(0);
  });
});
