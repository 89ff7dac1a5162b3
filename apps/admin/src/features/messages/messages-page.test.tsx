import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { consoleFakes, fakeApi, page } from '../../test/fake-api';
import { logIn, renderApp, sessionOf } from '../../test/render';

const sent = {
  id: 3,
  username: null,
  title: '今晚维护',
  titleEn: null,
  body: '<p>02:00–04:00</p>',
  sentBy: 'c',
  createdAt: '2026-11-23T10:00:00Z',
  readCount: 42,
  withdrawnAt: null,
};

describe('messages', () => {
  it('lists what was sent with read counts, sends to one player, withdraws one', async () => {
    logIn(sessionOf('content'));
    const api = fakeApi({
      ...consoleFakes('content', 'c'),
      '/messages/list': () => page([sent]),
      '/messages/send': ({ audience: _audience, ...message }) => ({
        data: { ...sent, id: 4, username: 'player01', readCount: 0, ...message },
      }),
      '/messages/withdraw': () => ({ data: { ...sent, withdrawnAt: '2026-11-23T11:00:00Z' } }),
    });
    renderApp('/messages');
    const row = (await screen.findByText('今晚维护')).closest('tr')!;
    expect(within(row).getByText('全部玩家')).toBeTruthy();
    expect(within(row).getByText('42')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /发送消息/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('玩家用户名'), { target: { value: 'player01' } });
    fireEvent.change(within(dialog).getByLabelText('标题'), { target: { value: '您好' } });
    fireEvent.change(within(dialog).getByLabelText('正文'), { target: { value: '感谢支持' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /发送消息/ }));
    await waitFor(() => expect(api.count('/messages/send')).toBe(1));
    expect(api.last('/messages/send')!.body).toEqual({
      audience: 'player',
      username: 'player01',
      title: '您好',
      body: '感谢支持',
    });
    expect(await screen.findByText('消息已发送')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /撤\s*回/ }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(api.last('/messages/withdraw')?.body).toEqual({ id: 3 }));
  });
});
