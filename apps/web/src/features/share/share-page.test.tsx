import type { agent } from '@breakshot/contracts';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../lib/session';
import { storage, TOKEN_KEY } from '../../lib/storage';
import { demoUser, fakeApi } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import { expectBothLanguages } from '../../test/texts';
import { SHARE_TEXTS } from './i18n';
import SharePage from './share-page';
import ShareSettingPage from './share-setting-page';

const link = (over: Partial<agent.InviteLink>): agent.InviteLink => ({
  id: 12,
  code: 'AB12CD34',
  kind: 'member',
  rates: { taiqiu: 100, slots: 50, poker: 0 },
  dividendRatioBp: 0,
  remark: '微信群',
  enabled: true,
  expiresAt: null,
  clicks: 10,
  registrations: 2,
  firstDeposits: 1,
  createdAt: '2026-03-01T00:00:00Z',
  ...over,
});
const links = (shareLinkId: number | null, list = [link({}), link({ id: 13, code: 'ZZ99YY88', enabled: false })]) => ({
  code: 200,
  data: { list, inviteCode: 'ME0001', shareLinkId },
});
const month = { code: 200, data: { invited: 4, firstDeposits: 2, validBet: 123_400, commission: 1_234 } };

describe('/user/share and /user/shareSetting', () => {
  beforeEach(() => {
    storage.set(TOKEN_KEY, 'tok');
    useSession.setState({ token: 'tok', userInfo: demoUser });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useSession.setState({ token: null, userInfo: null });
  });

  it('shows the code and link of the chosen share link, and this month among my direct members', async () => {
    fakeApi({ '/agent/links': () => links(12), '/user/inviteUser/thisMonthData': () => month });
    renderAt(<SharePage />, '/user/share', '/user/share');
    expect((await screen.findByTestId('share-code')).textContent).toBe('AB12CD34');
    expect(screen.getByTestId('share-url').textContent).toBe(`${window.location.origin}/AB12CD34`);
    expect(screen.getByTestId('qr-code').getAttribute('aria-label')).toBe('邀请二维码');
    expect(screen.getByTestId('to-share-setting').textContent).toContain('微信群');
    expect((await screen.findByTestId('month-invited')).textContent).toBe('4');
    expect(screen.getByTestId('month-firstDeposits').textContent).toBe('2');
    expect(screen.getByTestId('month-validBet').textContent).toBe('¥1,234.00');
    expect(screen.getByTestId('month-commission').textContent).toBe('¥12.34');
    expect(screen.getByTestId('month-commission').nextElementSibling?.textContent).toBe('本月佣金');
  });

  it('a chosen link that was disabled since: my own invite code instead', async () => {
    fakeApi({ '/agent/links': () => links(13), '/user/inviteUser/thisMonthData': () => month });
    renderAt(<SharePage />, '/user/share', '/user/share');
    expect((await screen.findByTestId('share-code')).textContent).toBe('ME0001');
    expect(screen.getByTestId('share-url').textContent).toBe(`${window.location.origin}/ME0001`);
  });

  it('settings offer the default link and the working links; choosing one sets it', async () => {
    const api = fakeApi({
      '/agent/links': () => links(null),
      '/agent/shareLink/set': (body) => ({ code: 200, data: { shareLinkId: body.linkId ?? null } }),
    });
    renderAt(<ShareSettingPage />, '/user/shareSetting', '/user/shareSetting');
    const byDefault = await screen.findByTestId('share-option-default');
    expect(byDefault.getAttribute('aria-checked')).toBe('true');
    expect(screen.queryByTestId('share-option-13')).toBeNull();
    await act(async () => fireEvent.click(screen.getByTestId('share-option-12')));
    expect(api.bodies('/agent/shareLink/set')).toEqual([{ linkId: 12 }]);
    expect(screen.getByTestId('share-option-12').getAttribute('aria-checked')).toBe('true');
    await act(async () => fireEvent.click(byDefault));
    expect(api.bodies('/agent/shareLink/set')).toEqual([{ linkId: 12 }, {}]);
  });

  it('every text has a Chinese and an English version', () => expectBothLanguages(SHARE_TEXTS));
});
