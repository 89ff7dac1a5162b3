import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, page, consoleFakes } from '../../test/fake-api';
import { logIn, renderApp, renderWithProviders, sessionOf } from '../../test/render';
import { ParlaySettingsButton } from './parlay-settings';

const READ = '/taiqiu/parlay/settings';
const SET = '/taiqiu/parlay/settings/set';

type Rules = { maxLegs: number; maxReturn: number; legTypes: string[] };

/** The console on the billiards page, with a server that keeps the parlay rules it is sent. */
function fake(handlers: Parameters<typeof fakeApi>[0] = {}) {
  let rules: Rules = { maxLegs: 8, maxReturn: 5_000_000, legTypes: ['winner', 'handicap', 'total', 'frame_winner'] };
  return fakeApi({
    ...consoleFakes('risk', 'risk01'),
    '/taiqiu/matches': () => page([]),
    [READ]: () => ({ data: rules }),
    [SET]: (body) => {
      rules = {
        maxLegs: body.maxLegs as number,
        maxReturn: body.maxReturn as number,
        legTypes: body.legTypes as string[],
      };
      return { data: rules };
    },
    ...handlers,
  });
}

/** Opens 串关设置 from the page's toolbar: the dialog once the rules are read. */
async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: /串关设置/ }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByTestId('parlay-now');
  return dialog;
}

const saveButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: /保\s*存/ });
const checkbox = (dialog: HTMLElement, name: string) =>
  within(dialog).getByRole('checkbox', { name }) as HTMLInputElement;
const fieldOf = (input: HTMLElement) => input.closest('.ant-form-item') as HTMLElement;

function type(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

describe('串关设置', () => {
  it('shows the rules read: the summary and the form started from them', async () => {
    logIn(sessionOf('risk'));
    const api = fake();
    renderApp('/billiards');
    const dialog = await openDialog();
    expect(api.last(READ)!.body).toEqual({});

    const now = within(dialog).getByTestId('parlay-now');
    expect(within(now).getByText('8 关')).toBeTruthy();
    expect(within(now).getByText('¥50,000.00')).toBeTruthy();
    expect(within(now).getAllByText(/^(独赢|让局|大小|单局胜者)$/)).toHaveLength(4);
    expect(within(now).queryByText('波胆')).toBeNull();

    expect((within(dialog).getByLabelText('最多关数') as HTMLInputElement).value).toBe('8');
    expect((within(dialog).getByLabelText('单张串关最高可赢（元）') as HTMLInputElement).value).toBe('50000.00');
    expect(checkbox(dialog, '独赢').checked).toBe(true);
    expect(checkbox(dialog, '单局胜者').checked).toBe(true);
    expect(checkbox(dialog, '波胆').checked).toBe(false);
    expect(checkbox(dialog, '单杆破百').checked).toBe(false);
    // Grouped like 盘口设置, each group with its count.
    expect(within(within(dialog).getByRole('group', { name: '全场' })).getByText('3 / 6')).toBeTruthy();
    expect(within(within(dialog).getByRole('group', { name: '单杆' })).getByText('0 / 2')).toBeTruthy();
    expect(within(dialog).getByText('已选 4 / 11')).toBeTruthy();
  });

  it('saves the yuan in cents, the checked types in the book order and the required reason; then closes and reads again', async () => {
    logIn(sessionOf('risk'));
    const api = fake();
    renderApp('/billiards');
    const dialog = await openDialog();

    type(within(dialog).getByLabelText('最多关数'), '6');
    type(within(dialog).getByLabelText('单张串关最高可赢（元）'), '12345.67');
    fireEvent.click(checkbox(dialog, '大小'));
    fireEvent.click(checkbox(dialog, '波胆'));
    fireEvent.click(within(within(dialog).getByRole('group', { name: '单杆' })).getByText('全选'));
    expect(checkbox(dialog, '单杆破百').checked).toBe(true);
    expect(checkbox(dialog, '最高单杆').checked).toBe(true);

    // The reason is required: nothing is sent without one.
    fireEvent.click(saveButton(dialog));
    expect(await within(dialog).findByText('请填写原因')).toBeTruthy();
    expect(api.count(SET)).toBe(0);

    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '世锦赛期间放宽串关' } });
    fireEvent.click(saveButton(dialog));
    await waitFor(() => expect(api.count(SET)).toBe(1));
    expect(api.last(SET)!.body).toEqual({
      maxLegs: 6,
      maxReturn: 1_234_567,
      legTypes: ['winner', 'handicap', 'correct_score', 'frame_winner', 'century', 'high_break'],
      reason: '世锦赛期间放宽串关',
    });
    expect(await screen.findByText('串关设置已保存')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Opened again, it reads the rules the server keeps now.
    const again = await openDialog();
    const now = within(again).getByTestId('parlay-now');
    expect(within(now).getByText('6 关')).toBeTruthy();
    expect(within(now).getByText('¥12,345.67')).toBeTruthy();
    expect(within(now).getByText('波胆')).toBeTruthy();
    expect(within(now).queryByText('大小')).toBeNull();
  });

  it('warns when no type is left to parlay, and sends none', async () => {
    logIn(sessionOf('risk'));
    const api = fake();
    renderApp('/billiards');
    const dialog = await openDialog();
    const none = '未开放任何玩法：玩家将无法下串关';
    expect(within(dialog).queryByText(none)).toBeNull();
    fireEvent.click(within(within(dialog).getByRole('group', { name: '全场' })).getByText('全选'));
    fireEvent.click(within(within(dialog).getByRole('group', { name: '全场' })).getByText('清空'));
    fireEvent.click(checkbox(dialog, '单局胜者'));
    expect(await within(dialog).findByText(none)).toBeTruthy();
    expect(within(dialog).getByText('已选 0 / 11')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '暂停串关' } });
    fireEvent.click(saveButton(dialog));
    await waitFor(() => expect(api.count(SET)).toBe(1));
    expect(api.last(SET)!.body).toMatchObject({ legTypes: [] });
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
    expect((within(dialog).getByLabelText('原因') as HTMLTextAreaElement).value).toBe('调整');

    reply = { code: 400, msg: '单张串关最高可赢: 金额过大', data: { field: 'maxReturn' } };
    fireEvent.click(saveButton(dialog));
    await waitFor(() => expect(api.count(SET)).toBe(2));
    const field = fieldOf(within(dialog).getByLabelText('单张串关最高可赢（元）'));
    expect(await within(field).findByText('金额过大')).toBeTruthy();
    // The earlier refusal is gone: this one is the field's.
    expect(within(dialog).queryByText('无权执行此操作')).toBeNull();
  });

  it('requires the leg count before sending', async () => {
    logIn(sessionOf('risk'));
    const api = fake();
    renderApp('/billiards');
    const dialog = await openDialog();
    const legs = within(dialog).getByLabelText('最多关数');
    fireEvent.change(legs, { target: { value: '' } });
    fireEvent.blur(legs);
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '调整' } });
    fireEvent.click(saveButton(dialog));
    expect(await within(fieldOf(legs)).findByText('必填')).toBeTruthy();
    expect(api.count(SET)).toBe(0);
  });

  it('shows the read failing, with a retry that brings the form', async () => {
    logIn(sessionOf('risk'));
    let fail = true;
    const api = fake({
      [READ]: () =>
        fail
          ? { code: 500, msg: '服务器内部错误' }
          : { data: { maxLegs: 5, maxReturn: 100_000, legTypes: ['winner'] } },
    });
    renderApp('/billiards');
    fireEvent.click(await screen.findByRole('button', { name: /串关设置/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('服务器内部错误')).toBeTruthy();
    expect((saveButton(dialog) as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog).queryByLabelText('原因')).toBeNull();

    fail = false;
    fireEvent.click(within(dialog).getByRole('button', { name: /重\s*试/ }));
    const now = await within(dialog).findByTestId('parlay-now');
    expect(within(now).getByText('5 关')).toBeTruthy();
    expect((saveButton(dialog) as HTMLButtonElement).disabled).toBe(false);
    expect(api.count(READ)).toBe(2);
  });

  it('is hidden from a role that may not read the rules, shown to risk and admin', async () => {
    for (const role of ['finance', 'content'] as const) {
      logIn(sessionOf(role));
      const api = fakeApi({});
      const view = renderWithProviders(<ParlaySettingsButton />);
      expect(screen.queryByRole('button', { name: /串关设置/ })).toBeNull();
      expect(api.count(READ)).toBe(0);
      view.unmount();
    }
    for (const role of ['risk', 'admin'] as const) {
      logIn(sessionOf(role));
      fakeApi({});
      const view = renderWithProviders(<ParlaySettingsButton />);
      expect(screen.getByRole('button', { name: /串关设置/ })).toBeTruthy();
      view.unmount();
    }
  });
});
