import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, page, consoleFakes } from '../../test/fake-api';
import { logIn, renderApp, sessionOf } from '../../test/render';

const approved = {
  id: 7,
  operator: 'risk01',
  action: 'withdrawal.approve',
  target: 'W2026112300001',
  payload: { amount: 20000 },
  before: { status: 'reviewing' },
  after: { status: 'approved' },
  at: '2026-11-23T10:00:00Z',
};

describe('audit log', () => {
  it('names each action in words with its code beneath, and filters by an action chosen by its words', async () => {
    logIn(sessionOf('risk'));
    const api = fakeApi({
      ...consoleFakes('risk', 'r'),
      '/audit/list': () => page([approved]),
    });
    renderApp('/audit');
    const row = (await screen.findByText('W2026112300001')).closest('tr')!;
    expect(within(row).getByText('审批通过提款')).toBeTruthy();
    expect(within(row).getByTestId('action-code').textContent).toBe('withdrawal.approve');

    const filter = screen.getByLabelText('操作');
    fireEvent.mouseDown(filter);
    fireEvent.change(filter, { target: { value: '出款' } });
    fireEvent.click(await screen.findByText('确认提款出款', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索|查\s*询/ }));
    await waitFor(() => expect(api.last('/audit/list')!.body).toMatchObject({ action: 'withdrawal.pay', page: 1 }));
  });
});
