import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { logIn, renderApp, sessionOf } from '../../test/render';
import { agentHandlers, link } from './fixtures';

// The first find waits for the lazy page too: generous on a busy machine.
const rowOf = async (name: string) =>
  (await screen.findByText(name, { selector: 'td a' }, { timeout: 8_000 })).closest('tr')!;
const crumbs = () =>
  within(document.querySelector('.ant-breadcrumb') as HTMLElement)
    .getAllByRole('listitem')
    .map((li) => li.textContent);
const drawer = async () => (await screen.findByRole('dialog', {}, { timeout: 8_000 })) as HTMLElement;

describe('agents tree', () => {
  it('starts at the top-level players and drills down by parentId, with the chain as breadcrumbs', async () => {
    logIn(sessionOf('finance'));
    const api = fakeApi(agentHandlers('finance'));
    const { router } = renderApp('/agents');

    const boss = await rowOf('boss');
    expect(api.last('/agents/list')!.body).toEqual({ page: 1, pageSize: 20 });
    // Rates in percent, ratio in percent, counts.
    for (const text of ['代理', '2.00%', '1.50%', '1.00%', '30.00%', '2'])
      expect(within(boss).getByText(text)).toBeTruthy();
    expect(within(await rowOf('solo')).getByText('会员')).toBeTruthy();

    fireEvent.click(within(boss).getByRole('button', { name: '查看下级 boss' }));
    const mid = await rowOf('mid');
    expect(api.last('/agents/list')!.body).toEqual({ parentId: 1, page: 1, pageSize: 20 });
    expect(within(mid).getByText('boss')).toBeTruthy();
    expect(router.state.location.search).toBe('?parent=1');
    await waitFor(() => expect(crumbs()).toEqual(['顶级玩家', 'boss']));

    fireEvent.click(within(mid).getByRole('button', { name: /^下\s*级$/ }));
    await rowOf('leaf');
    expect(api.last('/agents/list')!.body).toEqual({ parentId: 2, page: 1, pageSize: 20 });
    await waitFor(() => expect(crumbs()).toEqual(['顶级玩家', 'boss', 'mid']));
    expect(screen.queryByText('boss', { selector: 'td a' })).toBeNull();

    // Back up the chain through a breadcrumb.
    fireEvent.click(screen.getByText('boss', { selector: '.ant-breadcrumb a' }));
    await waitFor(() => expect(screen.queryByText('leaf', { selector: 'td a' })).toBeNull());
    expect(router.state.location.search).toBe('?parent=1');
    expect(await rowOf('mid')).toBeTruthy();
    await waitFor(() => expect(crumbs()).toEqual(['顶级玩家', 'boss']));
  });

  it('searches by username (keyword, no parentId) and filters by kind', async () => {
    logIn(sessionOf('risk'));
    const api = fakeApi(agentHandlers('risk'));
    renderApp('/agents?parent=2');
    await rowOf('leaf');

    fireEvent.change(screen.getByLabelText('用户名关键字'), { target: { value: ' mi ' } });
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await rowOf('mid');
    expect(api.last('/agents/list')!.body).toEqual({ keyword: 'mi', page: 1, pageSize: 20 });
    expect(screen.getByText('搜索“mi”的结果')).toBeTruthy();

    fireEvent.mouseDown(screen.getByLabelText('类型'));
    fireEvent.click(await screen.findByTitle('会员'));
    await waitFor(() =>
      expect(api.last('/agents/list')!.body).toEqual({ keyword: 'mi', kind: 'member', page: 1, pageSize: 20 }),
    );
  });

  it('the details show the chain, rates, password flags and links; risk disables a link with a reason', async () => {
    logIn(sessionOf('risk'));
    const api = fakeApi({
      ...agentHandlers('risk'),
      '/agents/link/setStatus': (b) => ({ data: { ...link, enabled: b.enabled } }),
    });
    renderApp('/agents?parent=1');
    fireEvent.click(await screen.findByText('mid', { selector: 'td a' }));
    const d = await drawer();
    expect(await within(d).findByText('直属 1 · 团队 1')).toBeTruthy();
    expect(within(d).getByText('已设置')).toBeTruthy();
    expect(within(d).getByText('未设置')).toBeTruthy();
    const linkRow = within(d).getByText('AB12CD34').closest('tr')!;
    for (const text of ['57', '9', '4', '抖音推广', '永久', '启用'])
      expect(within(linkRow).getByText(text)).toBeTruthy();
    // Only admin edits a profile.
    expect(within(d).queryByRole('button', { name: /编辑返佣与分红/ })).toBeNull();

    fireEvent.click(within(linkRow).getByRole('button', { name: '停用 AB12CD34' }));
    const dialog = (await screen.findAllByRole('dialog')).at(-1)!;
    expect(within(dialog).getByText('停用邀请链接 AB12CD34')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '刷量' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /停\s*用/ }));
    await waitFor(() => expect(api.count('/agents/link/setStatus')).toBe(1));
    expect(api.last('/agents/link/setStatus')!.body).toEqual({ id: 31, enabled: false, reason: '刷量' });
    expect(await screen.findByText('已停用 AB12CD34')).toBeTruthy();
  });

  it('finance reads the details with neither the profile edit nor the link switch', async () => {
    logIn(sessionOf('finance'));
    fakeApi(agentHandlers('finance'));
    renderApp('/agents?agent=2');
    const d = await drawer();
    expect(await within(d).findByText('AB12CD34')).toBeTruthy();
    expect(within(d).queryByRole('button', { name: /编辑返佣与分红/ })).toBeNull();
    expect(within(d).queryByRole('button', { name: /停\s*用/ })).toBeNull();
    // The chain from the top: boss › mid.
    expect(within(d).getByText('boss', { selector: '.ant-breadcrumb a' })).toBeTruthy();
    // The section's tabs (behind the drawer): the settlement statements and the platform table too.
    expect(screen.getAllByRole('tab', { hidden: true }).map((tab) => tab.textContent)).toEqual([
      '代理树',
      '代充记录',
      '结算单',
      '平台分佣表',
    ]);
  });
});
