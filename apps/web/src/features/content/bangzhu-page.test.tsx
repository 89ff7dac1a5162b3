import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, SYS } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import BangzhuPage from './bangzhu-page';

const entry = (key: string, category: string, title: string, body: string, sort = 10) => ({
  key,
  group: 'help',
  category,
  sort,
  title,
  body,
  updatedAt: '2026-11-01T00:00:00Z',
});

const HELP = [
  entry('help_deposit_how', 'deposit', '如何充值？', '<p>选择充值方式并付款。</p>'),
  entry('help_withdraw_time', 'withdrawal', '提款多久到账？', '<p>一般 5–30 分钟内出款。</p>'),
  entry('help_account_fund_password', 'account', '什么是资金密码？', '<p>连续输错 5 次锁定 15 分钟。</p>'),
];

describe('help centre', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows a category’s questions, opens an answer, and searches every category', async () => {
    const api = fakeApi({ '/content/list': () => ({ code: 200, data: { list: HELP } }) });
    renderAt(<BangzhuPage />, '/user/bangzhu', '/user/bangzhu');
    const list = await screen.findByTestId('help-list');
    expect(api.bodies('/content/list')).toEqual([{ group: 'help' }]);
    // 充值 first: only its question.
    expect(within(list).getAllByRole('group')).toHaveLength(1);
    expect(list.textContent).toContain('如何充值？');
    expect(list.textContent).not.toContain('提款多久到账？');

    fireEvent.click(document.querySelector('[data-category="withdrawal"]')!);
    const question = document.querySelector('[data-key="help_withdraw_time"]') as HTMLDetailsElement;
    expect(question.open).toBe(false);
    fireEvent.click(question.querySelector('summary')!);
    await waitFor(() => expect(question.open).toBe(true));
    expect(screen.getByTestId('answer-help_withdraw_time').textContent).toBe('一般 5–30 分钟内出款。');

    // The search looks in answers too, across categories, and labels each hit with its category.
    fireEvent.change(screen.getByTestId('help-search'), { target: { value: '锁定' } });
    await waitFor(() => expect(document.querySelector('[data-key="help_account_fund_password"]')).toBeTruthy());
    expect(screen.getByTestId('help-list').textContent).toContain('账户');
    expect(document.querySelector('[data-key="help_withdraw_time"]')).toBeNull();
    fireEvent.change(screen.getByTestId('help-search'), { target: { value: '没有这个词' } });
    expect(await screen.findByText('没有找到相关问题')).toBeTruthy();
  });

  it('opens the category of ?c=, and offers a retry when the list fails', async () => {
    let fail = true;
    fakeApi({
      '/content/list': () => (fail ? { code: 500, msg: '服务繁忙' } : { code: 200, data: { list: HELP } }),
    });
    renderAt(<BangzhuPage />, '/user/bangzhu', '/user/bangzhu?c=account');
    const retry = await screen.findByRole('button', { name: '重试' });
    fail = false;
    fireEvent.click(retry);
    expect((await screen.findByTestId('help-list')).textContent).toContain('什么是资金密码？');
    expect(document.querySelector('[data-category="account"]')!.getAttribute('aria-checked')).toBe('true');
  });

  it('offers 联系在线客服 only while the operator has set a link, and it opens that link', async () => {
    const api = fakeApi({ '/content/list': () => ({ code: 200, data: { list: HELP } }) });
    const none = renderAt(<BangzhuPage />, '/user/bangzhu', '/user/bangzhu');
    await screen.findByTestId('help-list');
    await waitFor(() => expect(api.bodies('/config')).toHaveLength(1));
    // No link set: neither the button nor the card that offers it.
    expect(screen.queryByText('联系在线客服')).toBeNull();
    expect(screen.queryByText('还有疑问？')).toBeNull();
    // Nor does a search that finds nothing send the player to it.
    fireEvent.change(screen.getByTestId('help-search'), { target: { value: '没有这个词' } });
    expect(await screen.findByText('换个关键词试试')).toBeTruthy();
    none.unmount();

    const serviceUrl = 'https://chat.example.com/room';
    fakeApi({
      '/content/list': () => ({ code: 200, data: { list: HELP } }),
      '/config': () => ({ code: 200, data: { sys: { ...SYS, serviceUrl } } }),
    });
    renderAt(<BangzhuPage />, '/user/bangzhu', '/user/bangzhu');
    const link = await screen.findByRole('link', { name: '联系在线客服' });
    expect(link.getAttribute('href')).toBe(serviceUrl);
    expect(link.getAttribute('target')).toBe('_blank');
  });
});
