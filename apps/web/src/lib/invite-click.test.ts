import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../test/fake-api';
import { countInviteClick } from './invite-click';

afterEach(() => vi.unstubAllGlobals());

describe('countInviteClick', () => {
  it('counts a visit once per page load, with a request that outlives the page', () => {
    const api = fakeApi({ '/agent/link/click': () => ({ code: 200, data: { counted: true } }) });
    countInviteClick('AB12CD34');
    countInviteClick('AB12CD34');
    countInviteClick('not a code');
    expect(api.bodies('/agent/link/click')).toEqual([{ code: 'AB12CD34' }]);
    // Sent before the redirect renders /home, and kept alive if the visitor leaves it at once.
    expect(api.fetchMock.mock.calls[0]?.[1]?.keepalive).toBe(true);
  });
});
