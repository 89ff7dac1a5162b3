import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import CunkuanDetailsPage from './cunkuan-details-page';

const createdAt = '2026-11-28T10:00:05Z';
const paidAt = '2026-11-28T10:02:30Z';
const order = {
  orderNo: 'D2026112800001',
  channelName: '沙盒支付',
  channelType: 'sandbox',
  channelId: 1,
  adapter: 'sandbox',
  amount: 10_000,
  fee: 0,
  bonus: 100,
  creditedAmount: 10_100,
  status: 'PAID',
  firstDeposit: false,
  createdAt,
  expiresAt: '2026-11-28T10:15:05Z',
  paidAt,
  payUrl: null,
  instructions: null,
  timeline: [
    { step: 'created', at: createdAt },
    { step: 'paid', at: paidAt },
    { step: 'credited', at: paidAt },
  ],
};

const deviceZone = process.env.TZ;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  process.env.TZ = deviceZone;
});

function openOrder() {
  fakeApi({ '/user/recharge/details': () => ({ code: 200, data: order }) });
  renderAt(<CunkuanDetailsPage />, '*', `/user/cunkuanDetails?orderNo=${order.orderNo}`);
}

describe('/user/cunkuanDetails: times on the site clock (Asia/Shanghai)', () => {
  it.each(['America/Los_Angeles', 'UTC'])(
    'with the phone in %s, the details and the timeline show the same site time, and the page says which clock once',
    async (zone) => {
      process.env.TZ = zone;
      openOrder();
      const timeline = await screen.findByTestId('deposit-timeline');
      const page = screen.getByTestId('deposit-details');
      // 10:00:05 UTC is 18:00:05 in Shanghai (02:00:05 in Los Angeles).
      expect(timeline.textContent).toContain('2026-11-28 18:00:05');
      expect(timeline.textContent).toContain('2026-11-28 18:02:30');
      const details = page.textContent!.replace(timeline.textContent!, '');
      expect(details).toContain('2026-11-28 18:00:05');
      expect(details).toContain('2026-11-28 18:02:30');
      expect(page.textContent).not.toMatch(/ (02|10):0[02]:\d\d/);
      expect(screen.getAllByTestId('zone-note').map((n) => n.textContent)).toEqual(['以上时间均为站点时间（UTC+8）']);
    },
  );

  it('says nothing of the zone to a phone on the site clock', async () => {
    process.env.TZ = 'Asia/Shanghai';
    openOrder();
    expect((await screen.findByTestId('deposit-timeline')).textContent).toContain('2026-11-28 18:00:05');
    expect(screen.queryByTestId('zone-note')).toBeNull();
  });
});
