import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, page, consoleFakes } from '../../test/fake-api';
import { logIn, renderApp, sessionOf } from '../../test/render';

const message = {
  id: 3,
  mobile: '13800138000',
  text: '【Breakshot】验证码 482913，用于绑定手机号，5 分钟内有效。请勿告诉他人。',
  createdAt: '2026-11-23T10:00:00Z',
};

describe('SMS outbox', () => {
  it('lists the messages with their codes and filters by mobile', async () => {
    logIn(sessionOf('risk'));
    const api = fakeApi({
      ...consoleFakes('risk', 'r'),
      '/sms/outbox': () => page([message]),
    });
    renderApp('/sms-outbox');
    expect(await screen.findByText(/验证码 482913/)).toBeTruthy();
    expect(screen.getByText('13800138000')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('手机号（部分数字）'), { target: { value: '8000' } });
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索|查\s*询/ }));
    await waitFor(() => expect(api.last('/sms/outbox')!.body).toMatchObject({ mobile: '8000', page: 1 }));
  });
});
