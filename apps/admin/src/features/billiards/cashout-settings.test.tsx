import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, page, consoleFakes } from '../../test/fake-api';
import { logIn, renderApp, renderWithProviders, sessionOf } from '../../test/render';
import { CashoutSettingsButton } from './cashout-settings';

const READ = '/taiqiu/cashout/settings';
const SET = '/taiqiu/cashout/settings/set';

type Rules = { marginBp: number; toleranceBp: number };

/** The console on the billiards page, with a server that keeps the cash-out rules it is sent. */
function fake(handlers: Parameters<typeof fakeApi>[0] = {}) {
  let rules: Rules = { marginBp: 500, toleranceBp: 150 };
  return fakeApi({
    ...consoleFakes('risk', 'risk01'),
    '/taiqiu/matches': () => page([]),
    '/taiqiu/parlay/settings': () => ({ data: { maxLegs: 8, maxReturn: 5_000_000, legTypes: ['winner'] } }),
    [READ]: () => ({ data: rules }),
    [SET]: (body) => {
      rules = { marginBp: body.marginBp as number, toleranceBp: body.toleranceBp as number };
      return { data: rules };
    },
    ...handlers,
  });
}

/** Opens 提前结算设置 from the page's toolbar: the dialog once the rules are read. */
async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: /提前结算设置/ }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByTestId('cashout-now');
  return dialog;
}

const saveButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: /保\s*存/ });
const fieldOf = (input: HTMLElement) => input.closest('.ant-form-item') as HTMLElement;
const margin = (dialog: HTMLElement) => within(dialog).getByLabelText('提前结算抽水（%）') as HTMLInputElement;
const tolerance = (dialog: HTMLElement) => within(dialog).getByLabelText('报价容差（%）') as HTMLInputElement;

function type(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

describe('提前结算设置', () => {
  it('shows the rules read in percent: the summary and the form started from them', async () => {
    logIn(sessionOf('risk'));
    const api = fake();
    renderApp('/billiards');
    // Beside 串关设置.
    expect(await screen.findByRole('button', { name: /串关设置/ })).toBeTruthy();
    const dialog = await openDialog();
    expect(api.last(READ)!.body).toEqual({});

    const now = within(dialog).getByTestId('cashout-now');
    expect(within(now).getByText('5.00%')).toBeTruthy();
    expect(within(now).getByText('1.50%')).toBeTruthy();
    expect(margin(dialog).value).toBe('5.00');
    expect(tolerance(dialog).value).toBe('1.50');
  });

  it('saves the percentages in basis points with the required reason; then closes and reads again', async () => {
    logIn(sessionOf('risk'));
    const api = fake();
    renderApp('/billiards');
    const dialog = await openDialog();

    type(margin(dialog), '7.25');
    type(tolerance(dialog), '0.5');

    // The reason is required: nothing is sent without one.
    fireEvent.click(saveButton(dialog));
    expect(await within(dialog).findByText('请填写原因')).toBeTruthy();
    expect(api.count(SET)).toBe(0);

    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '世锦赛期间调整提前结算' } });
    fireEvent.click(saveButton(dialog));
    await waitFor(() => expect(api.count(SET)).toBe(1));
    expect(api.last(SET)!.body).toEqual({ marginBp: 725, toleranceBp: 50, reason: '世锦赛期间调整提前结算' });
    expect(await screen.findByText('提前结算设置已保存')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Opened again, it reads the rules the server keeps now.
    const again = await openDialog();
    const now = within(again).getByTestId('cashout-now');
    expect(within(now).getByText('7.25%')).toBeTruthy();
    expect(within(now).getByText('0.50%')).toBeTruthy();
    expect(api.count(READ)).toBe(2);
  });

  it('says what is wrong with a rate before sending it: over 50 %, below 0, left empty', async () => {
    logIn(sessionOf('risk'));
    const api = fake();
    renderApp('/billiards');
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '调整' } });

    type(margin(dialog), '50.01');
    type(tolerance(dialog), '-1');
    fireEvent.click(saveButton(dialog));
    expect(await within(fieldOf(margin(dialog))).findByText('不能超过 50%')).toBeTruthy();
    expect(await within(fieldOf(tolerance(dialog))).findByText('不能小于 0%')).toBeTruthy();
    expect(api.count(SET)).toBe(0);

    type(margin(dialog), '');
    type(tolerance(dialog), '50');
    fireEvent.click(saveButton(dialog));
    expect(await within(fieldOf(margin(dialog))).findByText('必填')).toBeTruthy();
    await waitFor(() => expect(within(fieldOf(tolerance(dialog))).queryByText('不能小于 0%')).toBeNull());
    expect(api.count(SET)).toBe(0);

    // 0 and 50 % are the limits, both taken.
    type(margin(dialog), '0');
    fireEvent.click(saveButton(dialog));
    await waitFor(() => expect(api.count(SET)).toBe(1));
    expect(api.last(SET)!.body).toEqual({ marginBp: 0, toleranceBp: 5000, reason: '调整' });
  });

  it("shows the server's refusal in the dialog, which stays open, and a field's under that field", async () => {
    logIn(sessionOf('risk'));
    let reply: { code: number; msg: string; data?: { field: string } } = { code: 403, msg: '无权执行此操作' };
    const api = fake({ [SET]: () => reply });
    renderApp('/billiards');
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '调整' } });
    fireEvent.click(saveButton(dialog));
    await waitFor(() => expect(api.count(SET)).toBe(1));
    expect(await within(dialog).findByText('无权执行此操作')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBe(dialog);

    reply = { code: 400, msg: '报价容差: 过大', data: { field: 'toleranceBp' } };
    fireEvent.click(saveButton(dialog));
    await waitFor(() => expect(api.count(SET)).toBe(2));
    expect(await within(fieldOf(tolerance(dialog))).findByText('过大')).toBeTruthy();
    expect(within(dialog).queryByText('无权执行此操作')).toBeNull();
  });

  it('shows the read failing, with a retry that brings the form', async () => {
    logIn(sessionOf('risk'));
    let fail = true;
    const api = fake({
      [READ]: () => (fail ? { code: 500, msg: '服务器内部错误' } : { data: { marginBp: 300, toleranceBp: 100 } }),
    });
    renderApp('/billiards');
    fireEvent.click(await screen.findByRole('button', { name: /提前结算设置/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('服务器内部错误')).toBeTruthy();
    expect((saveButton(dialog) as HTMLButtonElement).disabled).toBe(true);

    fail = false;
    fireEvent.click(within(dialog).getByRole('button', { name: /重\s*试/ }));
    const now = await within(dialog).findByTestId('cashout-now');
    expect(within(now).getByText('3.00%')).toBeTruthy();
    expect(api.count(READ)).toBe(2);
  });

  it('is hidden from a role that may not read the rules, shown to risk and admin', async () => {
    for (const role of ['finance', 'content'] as const) {
      logIn(sessionOf(role));
      const api = fakeApi({});
      const view = renderWithProviders(<CashoutSettingsButton />);
      expect(screen.queryByRole('button', { name: /提前结算设置/ })).toBeNull();
      expect(api.count(READ)).toBe(0);
      view.unmount();
    }
    for (const role of ['risk', 'admin'] as const) {
      logIn(sessionOf(role));
      fakeApi({});
      const view = renderWithProviders(<CashoutSettingsButton />);
      expect(screen.getByRole('button', { name: /提前结算设置/ })).toBeTruthy();
      view.unmount();
    }
  });
});
