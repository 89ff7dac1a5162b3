import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, page, consoleFakes } from '../../test/fake-api';
import { logIn, renderApp, sessionOf } from '../../test/render';

const item = {
  id: 9,
  username: 'player01',
  type: 'complaint',
  content: '提款太慢了，等了两天',
  images: [],
  contact: 'me@example.com',
  createdAt: '2026-11-23T10:00:00Z',
  reply: null,
  repliedAt: null,
  repliedBy: null,
};

describe('feedback', () => {
  it('lists unanswered feedback first, answers one, and shows every feedback on request', async () => {
    logIn(sessionOf('risk'));
    const api = fakeApi({
      ...consoleFakes('risk', 'r'),
      '/feedback/list': () => page([item]),
      '/feedback/reply': (b) => ({
        data: { ...item, reply: b.reply, repliedBy: 'r', repliedAt: '2026-11-23T11:00:00Z' },
      }),
    });
    renderApp('/feedback');
    const row = (await screen.findByText('提款太慢了，等了两天')).closest('tr')!;
    expect(within(row).getByText('投诉')).toBeTruthy();
    expect(api.last('/feedback/list')!.body).toMatchObject({ open: true });

    fireEvent.click(within(row).getByRole('button', { name: /回\s*复/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('回复'), { target: { value: '已加急处理' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /回\s*复/ }));
    await waitFor(() => expect(api.last('/feedback/reply')?.body).toEqual({ id: 9, reply: '已加急处理' }));
    expect(await screen.findByText('已回复，玩家会收到站内消息')).toBeTruthy();

    fireEvent.click(screen.getByText('全部'));
    await waitFor(() => expect(api.last('/feedback/list')!.body).not.toHaveProperty('open'));
  });
});
