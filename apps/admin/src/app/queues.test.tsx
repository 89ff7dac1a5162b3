import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paymentsAdmin } from '@breakshot/contracts';
import { ContractTable } from '../components/contract-table';
import { fakeApi, page } from '../test/fake-api';
import { logIn, renderWithProviders, sessionOf } from '../test/render';
import { resetBeep } from '../lib/beep';
import { setMuted } from '../lib/mute';
import { callKey } from '../lib/query-client';
import { useQueues, type QueueCounts } from '../lib/use-queues';

/** A stand-in AudioContext that records the tones started. */
const tones: number[] = [];
class FakeAudioContext {
  state = 'running';
  currentTime = 0;
  destination = {};
  createOscillator() {
    const osc = {
      type: 'sine',
      frequency: { value: 0 },
      connect: (n: unknown) => n,
      start: () => tones.push(osc.frequency.value),
      stop: () => {},
    };
    return osc;
  }
  createGain() {
    return {
      gain: { setValueAtTime: () => {}, exponentialRampToValueAtTime: () => {} },
      connect: (n: unknown) => n,
    };
  }
  resume() {
    return Promise.resolve();
  }
}

function Probe() {
  const q = useQueues(true);
  return <div data-testid="counts">{q ? `${q.manualDeposits}/${q.withdrawalsReviewing}` : '-'}</div>;
}

let counts: QueueCounts;

function setUp() {
  logIn(sessionOf('finance'));
  counts = {
    manualDeposits: 0,
    withdrawalsReviewing: 1,
    withdrawalsApproved: 0,
    tradingAlerts: 0,
    newestAt: '2026-11-23T10:00:00.000Z',
  };
  const api = fakeApi({
    '/queues': () => ({ data: counts }),
    '/deposits/pending': () => page([]),
  });
  const view = renderWithProviders(
    <>
      <Probe />
      <ContractTable call={paymentsAdmin.depositsPending} rowKey="orderNo" columns={[]} />
    </>,
  );
  const poll = () => act(() => view.client.refetchQueries({ queryKey: callKey({ path: '/queues' }) }));
  return { api, view, poll };
}

describe('queue polling', () => {
  beforeEach(() => {
    tones.length = 0;
    resetBeep();
    vi.stubGlobal('AudioContext', FakeAudioContext);
  });
  afterEach(() => setMuted(false));

  it('a new deposit arriving chimes, notifies and refreshes the deposit queue', async () => {
    const { api, poll } = setUp();
    await waitFor(() => expect(screen.getByTestId('counts').textContent).toBe('0/1'));
    await waitFor(() => expect(api.count('/deposits/pending')).toBe(1));
    expect(tones).toEqual([]);

    // Same counts on the next poll: nothing happens.
    await poll();
    expect(tones).toEqual([]);
    expect(screen.queryByText('有新的待处理事项')).toBeNull();

    counts = { ...counts, manualDeposits: 1, newestAt: '2026-11-23T10:05:00.000Z' };
    await poll();
    await waitFor(() => expect(screen.getByTestId('counts').textContent).toBe('1/1'));
    expect(tones.length).toBeGreaterThan(0);
    expect(await screen.findByText('有新的待处理事项')).toBeTruthy();
    expect(screen.getByText(/待确认充值 1/)).toBeTruthy();
    await waitFor(() => expect(api.count('/deposits/pending')).toBe(2));
  });

  it('muted: notifies without a sound', async () => {
    setMuted(true);
    const { poll } = setUp();
    await waitFor(() => expect(screen.getByTestId('counts').textContent).toBe('0/1'));
    counts = { ...counts, withdrawalsReviewing: 2, newestAt: '2026-11-23T10:06:00.000Z' };
    await poll();
    expect(await screen.findByText('有新的待处理事项')).toBeTruthy();
    expect(tones).toEqual([]);
  });

  it('a count that falls (work done) is no arrival', async () => {
    const { poll } = setUp();
    await waitFor(() => expect(screen.getByTestId('counts').textContent).toBe('0/1'));
    counts = { ...counts, withdrawalsReviewing: 0, newestAt: null };
    await poll();
    await waitFor(() => expect(screen.getByTestId('counts').textContent).toBe('0/0'));
    expect(tones).toEqual([]);
    expect(screen.queryByText('有新的待处理事项')).toBeNull();
  });
});
