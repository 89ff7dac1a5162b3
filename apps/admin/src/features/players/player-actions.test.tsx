import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { logIn, renderWithProviders, sessionOf } from '../../test/render';
import { PlayerActions } from './player-actions';

describe('player actions', () => {
  it('finance adjusts a balance in yuan: sent as minor units with a fresh requestId', async () => {
    logIn(sessionOf('finance'));
    const api = fakeApi({
      '/balance/adjust': () => ({ data: { username: 'player01', amount: 12345, balance: 112345 } }),
    });
    renderWithProviders(<PlayerActions username="player01" status="active" />);
    // finance may not freeze or waive turnover (risk's calls).
    expect(screen.queryByRole('button', { name: /冻\s*结/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /免除流水/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /调整余额/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('金额（元）'), { target: { value: '123.45' } });
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '活动补偿' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(api.count('/balance/adjust')).toBe(1));
    const body = api.last('/balance/adjust')!.body;
    expect(body).toMatchObject({ username: 'player01', amount: 12345, reason: '活动补偿' });
    expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('已调整，当前余额 ¥1,123.45')).toBeTruthy();
  });

  it('risk freezes with a reason', async () => {
    logIn(sessionOf('risk'));
    const api = fakeApi({
      '/players/set-status': () => ({ data: { username: 'player01', status: 'disabled', sessionsEnded: 2 } }),
    });
    renderWithProviders(<PlayerActions username="player01" status="active" />);
    expect(screen.queryByRole('button', { name: /调整余额/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /冻\s*结/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '异常投注' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(api.count('/players/set-status')).toBe(1));
    expect(api.last('/players/set-status')!.body).toEqual({
      username: 'player01',
      status: 'disabled',
      reason: '异常投注',
    });
    expect(await screen.findByText('已冻结，结束 2 个会话')).toBeTruthy();
  });
});
