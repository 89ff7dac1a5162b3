import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../lib/session';
import { fakeApi, page, consoleFakes } from '../../test/fake-api';
import { logIn, renderApp, sessionOf } from '../../test/render';

const common = {
  summaryZh: '首笔充值最高送 ¥3,888',
  summaryEn: 'Up to ¥3,888 on your first deposit',
  audienceZh: '全体新会员',
  audienceEn: 'All new members',
  rulesZh: '<p>每位会员限一次。</p>',
  rulesEn: '<p>Once per member.</p>',
  image: 'data:image/svg+xml;base64,PHN2Zy8+',
  startsAt: '2026-11-01T00:00:00Z',
  endsAt: '2027-11-01T00:00:00Z',
  enabled: true,
  sort: 1,
  minVipLevel: 0,
  rewardValidDays: 7,
  updatedAt: '2026-11-20T08:00:00Z',
};
const firstDeposit = {
  ...common,
  id: 11,
  type: 'first_deposit',
  titleZh: '首存优惠 20%',
  titleEn: 'First deposit bonus',
  bannerFrom: '#ff4d6d',
  bannerTo: '#ff9a3c',
  turnoverMultiple: 10,
  capAmount: null,
  rules: { type: 'first_deposit', tiers: [{ minDeposit: 10_000, rateBps: 2_000, maxBonus: 18_800 }] },
  status: 'running',
  applications: 37,
  granted: 21,
  grantedAmount: 123_400,
  updatedBy: 'admin01',
};
const feeWaiver = {
  ...common,
  id: 12,
  type: 'fee_waiver',
  titleZh: '提款免手续费',
  titleEn: 'Free withdrawals',
  bannerFrom: '#11998e',
  bannerTo: '#38ef7d',
  turnoverMultiple: 0,
  capAmount: null,
  startsAt: '2027-01-01T00:00:00Z',
  rules: { type: 'fee_waiver', freeWithdrawals: 3, minValidBet: 100_000 },
  status: 'upcoming',
  applications: 0,
  granted: 0,
  grantedAmount: 0,
  updatedBy: null,
};
const application = (id: number, username: string, status: string, reason: string | null = null) => ({
  id,
  promotionId: 11,
  type: 'first_deposit',
  title: '首存优惠 20%',
  periodKey: 'once',
  status,
  reason,
  amount: status === 'granted' ? 2_000 : 0,
  progress: 0,
  uses: status === 'granted' ? 1 : 0,
  createdAt: '2026-11-21T08:00:00Z',
  updatedAt: '2026-11-21T09:00:00Z',
  username,
  linkedPlayers: 0,
});
const applications = [
  { ...application(501, 'alice01', 'pending'), linkedPlayers: 2 },
  application(502, 'bob02', 'granted'),
  { ...application(503, 'carol03', 'granted'), type: 'reload', title: '存款加赠 5%', periodKey: '2026-11-21' },
];

type Reply = { code?: number; msg?: string; data?: unknown };
function fake(role: Role, replies: Record<string, (b: Record<string, unknown>) => Reply> = {}) {
  return fakeApi({
    ...consoleFakes(role),
    '/promotions/list': () => ({ data: { items: [firstDeposit, feeWaiver] } }),
    '/promotions/save': (b) => ({
      data: { ...firstDeposit, ...(b.promotion as object), id: (b.id as number | undefined) ?? 99 },
    }),
    '/promotions/applications': () => page(applications),
    '/promotions/applications/reject': (b) => ({
      data: { ...applications[0], status: 'rejected', reason: b.reason },
    }),
    ...replies,
  });
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
const type = (scope: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
const saveButton = (drawer: HTMLElement) => within(drawer).getByRole('button', { name: /保\s*存/ });
/** The form item (label, input, message) around a field. */
const itemOf = (drawer: HTMLElement, label: string) => within(drawer).getByLabelText(label).closest('.ant-form-item')!;

async function openEditor(title: string) {
  fireEvent.click(await screen.findByRole('button', { name: `编辑 ${title}` }));
  return screen.findByRole('dialog');
}

describe('promotions', () => {
  it('finance reads the promotions with their status and figures, but may not change them', async () => {
    logIn(sessionOf('finance'));
    fake('finance');
    renderApp('/promotions');
    const row = await rowOf('首存优惠 20%');
    for (const text of ['首存', 'First deposit bonus', '进行中', '37', '21', '¥1,234.00', 'admin01'])
      expect(within(row).getByText(text)).toBeTruthy();
    expect(within(row).getByRole('img', { name: '首存优惠 20%' }).getAttribute('src')).toBe(firstDeposit.image);
    const upcoming = await rowOf('提款免手续费');
    expect(within(upcoming).getByText('未开始')).toBeTruthy();
    expect(within(upcoming).getByText('免除手续费')).toBeTruthy();

    const toggle = within(row).getByRole('switch', { name: '启用 首存优惠 20%' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect((toggle as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /新建活动/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /编辑/ })).toBeNull();
    expect(screen.getByRole('tab', { name: '申请记录' })).toBeTruthy();
  });

  it('admin edits a first-deposit promotion: yuan go in minor units, percent in basis points, the type stays', async () => {
    logIn(sessionOf('admin'));
    const api = fake('admin');
    renderApp('/promotions');
    const drawer = await openEditor('首存优惠 20%');
    expect(within(drawer).getByText('类型创建后不可修改')).toBeTruthy();
    expect((within(drawer).getByLabelText('第 1 档 赠送比例（%）') as HTMLInputElement).value).toBe('20.00');
    expect((within(drawer).getByLabelText('第 1 档 最低充值（元）') as HTMLInputElement).value).toBe('100.00');

    type(drawer, '标题（中文）', '首存优惠 25%');
    type(drawer, '第 1 档 赠送比例（%）', '25.5');
    type(drawer, '第 1 档 最高赠送（元）', '200');
    fireEvent.click(within(drawer).getByRole('button', { name: /添加档位/ }));
    type(drawer, '第 2 档 最低充值（元）', '50');
    type(drawer, '第 2 档 赠送比例（%）', '30');
    type(drawer, '第 2 档 最高赠送（元）', '888.8');
    type(drawer, '每期封顶（元）', '1000');
    fireEvent.click(saveButton(drawer));
    // Each tier must start above the one before: refused before anything is sent.
    expect(await within(drawer).findByText('各档门槛须逐档递增')).toBeTruthy();
    expect(api.count('/promotions/save')).toBe(0);

    type(drawer, '第 2 档 最低充值（元）', '1000');
    fireEvent.click(saveButton(drawer));
    await waitFor(() => expect(api.count('/promotions/save')).toBe(1));
    expect(api.last('/promotions/save')!.body).toEqual({
      id: 11,
      promotion: {
        titleZh: '首存优惠 25%',
        titleEn: 'First deposit bonus',
        summaryZh: common.summaryZh,
        summaryEn: common.summaryEn,
        audienceZh: common.audienceZh,
        audienceEn: common.audienceEn,
        rulesZh: common.rulesZh,
        rulesEn: common.rulesEn,
        bannerFrom: '#ff4d6d',
        bannerTo: '#ff9a3c',
        startsAt: '2026-11-01T00:00:00.000Z',
        endsAt: '2027-11-01T00:00:00.000Z',
        enabled: true,
        sort: 1,
        turnoverMultiple: 10,
        capAmount: 100_000,
        minVipLevel: 0,
        rewardValidDays: 7,
        rules: {
          type: 'first_deposit',
          tiers: [
            { minDeposit: 10_000, rateBps: 2_550, maxBonus: 20_000 },
            { minDeposit: 100_000, rateBps: 3_000, maxBonus: 88_880 },
          ],
        },
      },
    });
    expect(await screen.findByText('已保存活动「首存优惠 25%」')).toBeTruthy();
  });

  it('admin creates a lucky-slip promotion of the type chosen; no id is sent and an empty cap is null', async () => {
    logIn(sessionOf('admin'));
    const api = fake('admin');
    renderApp('/promotions');
    // A promotion opened and closed before leaves nothing in the new one's form.
    fireEvent.click(within(await openEditor('首存优惠 20%')).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(await screen.findByRole('button', { name: /新建活动/ }));
    fireEvent.click(await screen.findByText('幸运注单'));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('新建活动 · 幸运注单')).toBeTruthy();
    expect((within(drawer).getByLabelText('标题（中文）') as HTMLInputElement).value).toBe('');
    expect((within(drawer).getByLabelText('排序') as HTMLInputElement).value).toBe('0');
    expect((within(drawer).getByLabelText('第 1 档 单号尾号') as HTMLInputElement).value).toBe('888');

    type(drawer, '标题（中文）', '幸运注单');
    type(drawer, '标题（英文）', 'Lucky slip');
    type(drawer, '简介（中文）', '单号尾数 888 送 ¥88');
    type(drawer, '简介（英文）', 'Bet numbers ending 888 win ¥88');
    type(drawer, '活动对象（中文）', '全体会员');
    type(drawer, '活动对象（英文）', 'All members');
    type(drawer, '活动规则 HTML（中文）', '<p>每天限领一张。</p>');
    type(drawer, '活动规则 HTML（英文）', '<p>One slip a day.</p>');
    type(drawer, '最低有效投注（元）', '20');
    type(drawer, '第 1 档 单号尾号', '8a');
    fireEvent.click(saveButton(drawer));
    expect(await within(itemOf(drawer, '第 1 档 单号尾号') as HTMLElement).findByText('须为 2–6 位数字')).toBeTruthy();
    expect(api.count('/promotions/save')).toBe(0);

    type(drawer, '第 1 档 单号尾号', '8888');
    fireEvent.click(saveButton(drawer));
    await waitFor(() => expect(api.count('/promotions/save')).toBe(1));
    const sent = api.last('/promotions/save')!.body;
    expect(sent.id).toBeUndefined();
    expect(sent.promotion).toMatchObject({
      titleZh: '幸运注单',
      capAmount: null,
      enabled: true,
      rules: {
        type: 'lucky_slip',
        minStake: 2_000,
        claimDays: 3,
        tiers: [
          { ending: '8888', bonus: 8_800 },
          { ending: '666', bonus: 6_600 },
        ],
      },
    });
    const { startsAt, endsAt } = sent.promotion as { startsAt: string; endsAt: string };
    expect(Date.parse(endsAt) - Date.parse(startsAt)).toBe(30 * 24 * 3600 * 1000);
  });

  it("shows the server's refusal on the field it names, and one that names none above the form", async () => {
    logIn(sessionOf('admin'));
    let reply: Reply = {
      code: 400,
      msg: 'maxBonus: 须大于 0',
      data: { field: 'promotion.rules.tiers.0.maxBonus' },
    };
    const api = fake('admin', { '/promotions/save': () => reply });
    renderApp('/promotions');
    const drawer = await openEditor('首存优惠 20%');
    fireEvent.click(saveButton(drawer));
    const item = itemOf(drawer, '第 1 档 最高赠送（元）') as HTMLElement;
    expect(await within(item).findByText('须大于 0')).toBeTruthy();

    reply = { code: 422, msg: '活动类型不可修改', data: null };
    fireEvent.click(saveButton(drawer));
    await waitFor(() => expect(api.count('/promotions/save')).toBe(2));
    // Above the form, inside the drawer (the toast shows it too, outside).
    expect((await within(drawer).findByText('活动类型不可修改')).closest('[role="alert"]')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('admin switches a promotion off from the list: the whole promotion is resent with enabled false', async () => {
    logIn(sessionOf('admin'));
    const api = fake('admin');
    renderApp('/promotions');
    const row = await rowOf('首存优惠 20%');
    fireEvent.click(within(row).getByRole('switch', { name: '启用 首存优惠 20%' }));
    await waitFor(() => expect(api.count('/promotions/save')).toBe(1));
    const sent = api.last('/promotions/save')!.body as { id: number; promotion: Record<string, unknown> };
    expect(sent.id).toBe(11);
    expect(sent.promotion).toMatchObject({ enabled: false, titleZh: '首存优惠 20%', rules: firstDeposit.rules });
    expect(sent.promotion).not.toHaveProperty('status');
    expect(sent.promotion).not.toHaveProperty('image');
    expect(await screen.findByText('首存优惠 20% 已停用')).toBeTruthy();
  });

  it('risk filters the applications and rejects a pending one with a reason', async () => {
    logIn(sessionOf('risk'));
    const api = fake('risk');
    renderApp('/promotions');
    fireEvent.click(await screen.findByRole('tab', { name: '申请记录' }));
    const pending = await rowOf('alice01');
    expect(within(pending).getByText('审核中')).toBeTruthy();
    expect(within(pending).getByTestId('linked-players').textContent).toBe('关联账户 2');
    expect(within(pending).getByText('一次性')).toBeTruthy();
    const granted = await rowOf('bob02');
    expect(within(granted).getByText('已发放')).toBeTruthy();
    expect(within(granted).getByText('¥20.00')).toBeTruthy();
    expect(within(granted).queryByTestId('linked-players')).toBeNull();
    // A granted first deposit is over; a granted reload day keeps paying until rejected.
    expect(within(granted).queryByRole('button', { name: /拒\s*绝/ })).toBeNull();
    expect(within(await rowOf('carol03')).getByRole('button', { name: /拒\s*绝/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /导出 CSV/ })).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: '活动' }));
    fireEvent.click(await screen.findByTitle('首存优惠 20%'));
    fireEvent.change(screen.getByLabelText('玩家'), { target: { value: 'alice01' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '状态' }));
    fireEvent.click(await screen.findByTitle('审核中'));
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(api.last('/promotions/applications')?.body).toMatchObject({
        promotionId: 11,
        username: 'alice01',
        status: 'pending',
      }),
    );

    fireEvent.click(within(pending).getByRole('button', { name: /拒\s*绝/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('拒绝 alice01 的「首存优惠 20%」申请')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /拒\s*绝/ }));
    expect(await within(dialog).findByText('请填写原因')).toBeTruthy();
    expect(api.count('/promotions/applications/reject')).toBe(0);
    type(dialog, '原因（玩家可见）', '同一设备多账号');
    fireEvent.click(within(dialog).getByRole('button', { name: /拒\s*绝/ }));
    await waitFor(() => expect(api.count('/promotions/applications/reject')).toBe(1));
    expect(api.last('/promotions/applications/reject')!.body).toEqual({ id: 501, reason: '同一设备多账号' });
    expect(await screen.findByText('已拒绝 alice01 的申请')).toBeTruthy();
  });

  it('finance reads the applications but may not reject; content sees only the promotions', async () => {
    logIn(sessionOf('finance'));
    fake('finance');
    const view = renderApp('/promotions');
    fireEvent.click(await screen.findByRole('tab', { name: '申请记录' }));
    await rowOf('alice01');
    expect(screen.queryByRole('button', { name: /拒\s*绝/ })).toBeNull();
    view.unmount();

    logIn(sessionOf('content'));
    const api = fake('content');
    renderApp('/promotions');
    await rowOf('首存优惠 20%');
    expect(screen.queryByRole('tab', { name: '申请记录' })).toBeNull();
    expect(screen.queryByRole('button', { name: /新建活动/ })).toBeNull();
    expect(api.count('/promotions/applications')).toBe(0);
  });
});
