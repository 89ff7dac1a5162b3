import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session';
import { storage, TOKEN_KEY } from '../../../lib/storage';
import { demoUser, fakeApi } from '../../../test/fake-api';
import { renderAt } from '../../../test/render';
import MemberSearchPage from './member-search-page';
import DirectMembersPage from './direct-members-page';
import { ok, teamMember } from '../shared/test-fixtures';

const page = (list: unknown[]) => ok({ list, total: list.length, page: 1, pageSize: 20 });
const chip = (testId: string, key: string, value: string) =>
  screen.getByTestId(testId).querySelector(`[data-${key}="${value}"]`)!;

describe('/user/daili/user direct members', () => {
  beforeEach(() => {
    storage.set(TOKEN_KEY, 'tok');
    useSession.setState({ token: 'tok', userInfo: demoUser });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useSession.setState({ token: null, userInfo: null });
  });

  it('lists direct members newest first; each filter and sort refetches with its request', async () => {
    const api = fakeApi({ '/agent/members': () => page([teamMember({ id: 5, username: 'friend05', online: true })]) });
    renderAt(<DirectMembersPage />, '/user/daili/user', '/user/daili/user');
    const row = await screen.findByText('friend05');
    expect(row.closest('a')!.getAttribute('href')).toBe('/user/daili/dailiDetails/5');
    const last = () => api.bodies('/agent/members').at(-1);
    expect(last()).toEqual({ page: 1, pageSize: 20, scope: 'direct', sort: 'registered', order: 'desc' });

    await act(async () => fireEvent.click(chip('filter-online', 'online', 'yes')));
    expect(last()).toMatchObject({ online: true });
    await act(async () => fireEvent.click(chip('filter-deposited', 'deposited', 'no')));
    expect(last()).toMatchObject({ online: true, deposited: false });
    await act(async () => fireEvent.click(chip('filter-sort', 'sort', 'validBet')));
    expect(last()).toMatchObject({ sort: 'validBet', order: 'desc' });
    await act(async () => fireEvent.click(screen.getByTestId('filter-order')));
    expect(last()).toMatchObject({ sort: 'validBet', order: 'asc' });
    await act(async () => fireEvent.click(chip('filter-joined', 'joined', 'today')));
    const today = last()!;
    expect(typeof today.from).toBe('string');
    expect(Date.parse(today.to as string) - Date.parse(today.from as string)).toBe(86_400_000);

    // 全部 drops a filter from the request.
    await act(async () => fireEvent.click(chip('filter-online', 'online', 'all')));
    expect(last()).not.toHaveProperty('online');
    expect(last()).toMatchObject({ scope: 'direct', deposited: false });
  });
});

describe('/user/daili/ssuser team search', () => {
  beforeEach(() => {
    storage.set(TOKEN_KEY, 'tok');
    useSession.setState({ token: 'tok', userInfo: demoUser });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useSession.setState({ token: null, userInfo: null });
  });

  it('asks nothing until a keyword is searched, then searches the whole team', async () => {
    const api = fakeApi({ '/agent/members': () => page([teamMember({ id: 30, username: 'deep30', depth: 3 })]) });
    const { router } = renderAt(<MemberSearchPage />, '/user/daili/ssuser', '/user/daili/ssuser');
    fireEvent.change(await screen.findByTestId('search-keyword-input'), { target: { value: ' deep ' } });
    expect(api.count('/agent/members')).toBe(0);
    await act(async () => fireEvent.click(screen.getByTestId('search-submit')));
    expect(await screen.findByText('deep30')).toBeTruthy();
    expect(screen.getByText(/第 3 级/)).toBeTruthy();
    expect(api.bodies('/agent/members')).toEqual([
      { page: 1, pageSize: 20, scope: 'team', keyword: 'deep', sort: 'registered', order: 'desc' },
    ]);
    expect(router.state.location.search).toBe('?keyword=deep');
  });
});
