import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { taiqiu } from '@breakshot/contracts';
import { fakeApi, page, consoleFakes } from '../../test/fake-api';
import { logIn, renderApp, renderWithProviders, sessionOf } from '../../test/render';
import { TradingRulesButton } from './trading-rules';

const READ = '/taiqiu/trading/rules';
const SET = '/taiqiu/trading/rules/set';

type Rules = {
  liabilityLimits: { type: string; liabilityLimit: number | null }[];
  bigBet: number | null;
  correctionSecondAbove: number | null;
};

/** 独赢 ¥50,000, 波胆 ¥10,000, the others without a limit; big bets from ¥5,000; corrections above ¥20,000 reviewed. */
const stored = (): Rules => ({
  liabilityLimits: taiqiu.marketTypes.map((type) => ({
    type,
    liabilityLimit: type === 'winner' ? 5_000_000 : type === 'correct_score' ? 1_000_000 : null,
  })),
  bigBet: 500_000,
  correctionSecondAbove: 2_000_000,
});

/** A server that keeps the rules it is sent. */
function fake(handlers: Parameters<typeof fakeApi>[0] = {}) {
  let rules = stored();
  return fakeApi({
    [READ]: () => ({ data: rules }),
    [SET]: (body) => {
      rules = {
        liabilityLimits: body.liabilityLimits as Rules['liabilityLimits'],
        bigBet: body.bigBet as number | null,
        correctionSecondAbove: body.correctionSecondAbove as number | null,
      };
      return { data: rules };
    },
    ...handlers,
  });
}

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: /风控设置/ }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByLabelText('独赢');
  return dialog;
}

const input = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;
const saveButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: /保\s*存/ });
const fieldOf = (el: HTMLElement) => el.closest('.ant-form-item') as HTMLElement;

function type(el: HTMLElement, value: string) {
  fireEvent.change(el, { target: { value } });
  fireEvent.blur(el);
}

describe('风控设置', () => {
  it("shows each market type's default limit in yuan, empty for none, the big-bet stake and the correction amount", async () => {
    logIn(sessionOf('admin'));
    const api = fake();
    renderWithProviders(<TradingRulesButton />);
    const dialog = await openDialog();
    expect(api.last(READ)!.body).toEqual({});
    expect(input(dialog, '独赢').value).toBe('50000.00');
    expect(input(dialog, '波胆').value).toBe('10000.00');
    expect(input(dialog, '让局').value).toBe('');
    expect(input(dialog, '让局').placeholder).toBe('不限');
    expect(input(dialog, '大额注单提醒（元）').value).toBe('5000.00');
    expect(input(dialog, '更正复核金额（元）').value).toBe('20000.00');
    // In the groups of 盘口设置.
    expect(within(within(dialog).getByRole('group', { name: '单杆' })).getByLabelText('最高单杆')).toBeTruthy();
  });

  it('saves every type in minor units (null for none), the big-bet stake and the correction amount, with the required reason', async () => {
    logIn(sessionOf('admin'));
    const api = fake();
    renderWithProviders(<TradingRulesButton />);
    const dialog = await openDialog();
    type(input(dialog, '独赢'), '80000');
    type(input(dialog, '波胆'), '');
    type(input(dialog, '单杆破百'), '2000.5');
    type(input(dialog, '大额注单提醒（元）'), '');
    type(input(dialog, '更正复核金额（元）'), '30000');

    fireEvent.click(saveButton(dialog));
    expect(await within(dialog).findByText('请填写原因')).toBeTruthy();
    expect(api.count(SET)).toBe(0);

    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '世锦赛风控调整' } });
    fireEvent.click(saveButton(dialog));
    await waitFor(() => expect(api.count(SET)).toBe(1));
    const limitOf: Record<string, number | null> = { winner: 8_000_000, century: 200_050 };
    expect(api.last(SET)!.body).toEqual({
      liabilityLimits: taiqiu.marketTypes.map((type) => ({ type, liabilityLimit: limitOf[type] ?? null })),
      bigBet: null,
      correctionSecondAbove: 3_000_000,
      reason: '世锦赛风控调整',
    });
    expect(await screen.findByText('风控设置已保存')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const again = await openDialog();
    expect(input(again, '独赢').value).toBe('80000.00');
    expect(input(again, '大额注单提醒（元）').value).toBe('');
    expect(input(again, '更正复核金额（元）').value).toBe('30000.00');
  });

  it('sends null for an emptied correction amount: no correction waits for a second operator', async () => {
    logIn(sessionOf('admin'));
    const api = fake();
    renderWithProviders(<TradingRulesButton />);
    const dialog = await openDialog();
    expect(input(dialog, '更正复核金额（元）').placeholder).toBe('不需要复核');
    type(input(dialog, '更正复核金额（元）'), '');
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '取消复核' } });
    fireEvent.click(saveButton(dialog));
    await waitFor(() => expect(api.count(SET)).toBe(1));
    expect(api.last(SET)!.body).toMatchObject({ bigBet: 500_000, correctionSecondAbove: null, reason: '取消复核' });
  });

  it("shows the server's refusal above the form, and one naming the big bet under its field", async () => {
    logIn(sessionOf('admin'));
    let reply: { code: number; msg: string; data?: { field: string } } = { code: 409, msg: '风控设置已被修改' };
    const api = fake({ [SET]: () => reply });
    renderWithProviders(<TradingRulesButton />);
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '调整' } });
    fireEvent.click(saveButton(dialog));
    await waitFor(() => expect(api.count(SET)).toBe(1));
    expect(await within(dialog).findByText('风控设置已被修改')).toBeTruthy();

    reply = { code: 400, msg: '大额注单提醒: 过大', data: { field: 'bigBet' } };
    fireEvent.click(saveButton(dialog));
    await waitFor(() => expect(api.count(SET)).toBe(2));
    expect(await within(fieldOf(input(dialog, '大额注单提醒（元）'))).findByText('过大')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBe(dialog);
  });

  it('is read only for risk: the values shown, nothing to save', async () => {
    logIn(sessionOf('risk'));
    fake();
    renderWithProviders(<TradingRulesButton />);
    const dialog = await openDialog();
    expect(within(dialog).getByText('只有管理员可以修改风控设置，当前角色只能查看。')).toBeTruthy();
    expect(input(dialog, '独赢').value).toBe('50000.00');
    expect(input(dialog, '独赢').disabled).toBe(true);
    expect(within(dialog).queryByLabelText('原因')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /保\s*存/ })).toBeNull();
    // The footer's 关闭 (the corner's × is named so too).
    fireEvent.click(
      within(dialog)
        .getAllByRole('button', { name: /关\s*闭/ })
        .at(-1)!,
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sits on the billiards page for risk, and is hidden from a role that may not read it', async () => {
    logIn(sessionOf('risk'));
    fake({
      ...consoleFakes('risk', 'risk01'),
      '/taiqiu/matches': () => page([]),
    });
    const view = renderApp('/billiards');
    expect(await screen.findByRole('button', { name: /风控设置/ })).toBeTruthy();
    view.unmount();

    logIn(sessionOf('finance'));
    const api = fakeApi({});
    renderWithProviders(<TradingRulesButton />);
    expect(screen.queryByRole('button', { name: /风控设置/ })).toBeNull();
    expect(api.count(READ)).toBe(0);
  });
});
