import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, page, consoleFakes } from '../../test/fake-api';
import { logIn, renderApp, sessionOf } from '../../test/render';

const notice = {
  id: 7,
  type: 'notice',
  title: '维护通知',
  summary: '今晚维护',
  image: null,
  link: null,
  publishedAt: '2026-11-23T10:00:00Z',
  body: '<p>维护</p>',
  titleEn: null,
  withdrawnAt: null,
};

describe('notices', () => {
  it('publishes a banner that opens a page of the app; a link off the site is refused', async () => {
    logIn(sessionOf('content'));
    const api = fakeApi({
      ...consoleFakes('content', 'c'),
      '/notices/list': () => page([notice]),
      '/notices/publish': (b) => ({ data: { ...notice, id: 9, ...b } }),
    });
    renderApp('/notices');
    await screen.findByText('维护通知');
    fireEvent.click(screen.getByRole('button', { name: /发布公告/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByText('横幅'));
    fireEvent.change(within(dialog).getByLabelText('标题'), { target: { value: '周末加赠' } });
    fireEvent.change(within(dialog).getByLabelText('摘要'), { target: { value: '充值加赠 5%' } });
    fireEvent.change(within(dialog).getByLabelText('正文（HTML）'), { target: { value: '<p>详情</p>' } });
    fireEvent.change(within(dialog).getByLabelText('点击后打开（可选）'), {
      target: { value: 'https://evil.example' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: /发布公告/ }));
    expect(await within(dialog).findByText('须为以 / 开头的站内地址')).toBeTruthy();
    expect(api.count('/notices/publish')).toBe(0);
    fireEvent.change(within(dialog).getByLabelText('点击后打开（可选）'), { target: { value: '/user/youhui' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /发布公告/ }));
    await waitFor(() => expect(api.count('/notices/publish')).toBe(1));
    expect(api.last('/notices/publish')!.body).toMatchObject({
      type: 'banner',
      link: '/user/youhui',
      title: '周末加赠',
    });
  });

  it('publishes a notice from the form and withdraws one', async () => {
    logIn(sessionOf('content'));
    const api = fakeApi({
      ...consoleFakes('content', 'c'),
      '/notices/list': () => page([notice]),
      '/notices/publish': (b) => ({ data: { ...notice, id: 8, ...b } }),
      '/notices/withdraw': () => ({ data: { ...notice, withdrawnAt: '2026-11-23T11:00:00Z' } }),
    });
    renderApp('/notices');
    await screen.findByText('维护通知');
    fireEvent.click(screen.getByRole('button', { name: /发布公告/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('标题'), { target: { value: '新活动' } });
    fireEvent.change(within(dialog).getByLabelText('摘要'), { target: { value: '首充加赠' } });
    fireEvent.change(within(dialog).getByLabelText('正文（HTML）'), { target: { value: '<p>详情</p>' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /发布公告/ }));
    await waitFor(() => expect(api.count('/notices/publish')).toBe(1));
    expect(api.last('/notices/publish')!.body).toEqual({
      type: 'notice',
      title: '新活动',
      summary: '首充加赠',
      body: '<p>详情</p>',
    });
    expect(await screen.findByText('公告已发布')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /撤\s*回/ }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(api.last('/notices/withdraw')?.body).toEqual({ id: 7 }));
  });
});
