import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../lib/session';
import { fakeApi } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import MyMessagePage from './my-message-page';

const item = (id: number, read: boolean, extra: object = {}) => ({
  id,
  tab: 'message',
  kind: 'deposit_credited',
  title: `充值到账 ${id}`,
  summary: `您的充值订单 D${id} 已到账`,
  link: null,
  createdAt: '2026-11-20T08:00:00Z',
  read,
  ...extra,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/user/myMessage', () => {
  beforeEach(() => useSession.setState({ token: 'session', userInfo: null }));

  function api(counts = { notice: 0, message: 2, total: 2 }) {
    let messages = [item(3, false), item(2, false), item(1, true, { kind: 'operator', title: '维护通知' })];
    return fakeApi({
      '/notice/userMessageUnreadCount': () => ({ code: 200, data: counts }),
      '/notice/userMessage': (body) =>
        body.tab === 'notice'
          ? { code: 200, data: { list: [], total: 0, page: 1, pageSize: 20 } }
          : { code: 200, data: { list: messages, total: messages.length, page: 1, pageSize: 20 } },
      '/notice/userMessageAsRead': () => {
        messages = messages.map((m) => ({ ...m, read: true }));
        return { code: 200, data: { notice: 0, message: 0, total: 0 } };
      },
      '/notice/userMessageAsDelete': (body) => {
        messages = messages.filter((m) => !(body.ids as number[]).includes(m.id));
        return { code: 200, data: { notice: 0, message: 1, total: 1 } };
      },
    });
  }

  it('shows the messages with unread dots; 全部已读 marks the tab and the count follows', async () => {
    const calls = api();
    renderAt(<MyMessagePage />, '/user/myMessage', '/user/myMessage?tab=message');
    const rows = await screen.findAllByTestId('inbox-row');
    expect(rows.map((r) => [r.getAttribute('data-id'), r.getAttribute('data-read')])).toEqual([
      ['3', 'false'],
      ['2', 'false'],
      ['1', 'true'],
    ]);
    expect(within(rows[0]!).getByLabelText('未读')).toBeTruthy();
    expect(within(rows[2]!).queryByLabelText('未读')).toBeNull();
    expect(rows[0]!.getAttribute('href')).toBe('/user/messageDetails?tab=message&id=3');
    expect((await screen.findByTestId('unread-message')).textContent).toBe('2 条未读');
    expect(screen.getByTestId('tab-dot-message')).toBeTruthy();
    expect(screen.queryByTestId('tab-dot-notice')).toBeNull();

    await act(async () => fireEvent.click(screen.getByTestId('mark-all-read')));
    expect(calls.bodies('/notice/userMessageAsRead')).toEqual([{ tab: 'message', all: true }]);
    await waitFor(() => expect(screen.getByTestId('unread-message').textContent).toBe('没有未读'));
    await waitFor(() =>
      expect(screen.getAllByTestId('inbox-row').every((r) => r.getAttribute('data-read') === 'true')).toBe(true),
    );
    expect(screen.queryByTestId('tab-dot-message')).toBeNull();
  });

  it('a swiped message is deleted for the player; the notice tab says what would appear there', async () => {
    const calls = api();
    renderAt(<MyMessagePage />, '/user/myMessage', '/user/myMessage?tab=message');
    await screen.findAllByTestId('inbox-row');
    const deletes = screen.getAllByRole('button', { name: '删除' });
    await act(async () => fireEvent.click(deletes[1]!));
    expect(calls.bodies('/notice/userMessageAsDelete')).toEqual([{ ids: [2] }]);
    await waitFor(() =>
      expect(screen.getAllByTestId('inbox-row').map((r) => r.getAttribute('data-id'))).toEqual(['3', '1']),
    );

    fireEvent.click(screen.getByTestId('tab-notice'));
    expect((await screen.findByTestId('inbox-notice-empty')).textContent).toContain('暂无通知');
    expect(screen.queryAllByRole('button', { name: '删除' })).toHaveLength(0);
  });

  it('a failed load offers a retry', async () => {
    let fail = true;
    fakeApi({
      '/notice/userMessageUnreadCount': () => ({ code: 200, data: { notice: 0, message: 0, total: 0 } }),
      '/notice/userMessage': () =>
        fail
          ? { code: 500, msg: '服务器繁忙' }
          : { code: 200, data: { list: [item(9, true)], total: 1, page: 1, pageSize: 20 } },
    });
    renderAt(<MyMessagePage />, '/user/myMessage', '/user/myMessage?tab=message');
    const retry = await screen.findByRole('button', { name: '重试' });
    fail = false;
    fireEvent.click(retry);
    expect((await screen.findAllByTestId('inbox-row')).map((r) => r.getAttribute('data-id'))).toEqual(['9']);
  });

  it('a corrected bet reads 注单 by its icon', async () => {
    const corrected = item(5, false, {
      kind: 'bet_corrected',
      title: '注单结果更正',
      summary: '注单 26112016000012345678 的结果已更正，派彩 +¥200.00',
    });
    fakeApi({
      '/notice/userMessageUnreadCount': () => ({ code: 200, data: { notice: 0, message: 1, total: 1 } }),
      '/notice/userMessage': () => ({ code: 200, data: { list: [corrected], total: 1, page: 1, pageSize: 20 } }),
    });
    renderAt(<MyMessagePage />, '/user/myMessage', '/user/myMessage?tab=message');
    const [row] = await screen.findAllByTestId('inbox-row');
    expect(within(row!).getByRole('img', { name: '注单' }).className).toBe('inbox-kind kind-bet_corrected');
  });
});
