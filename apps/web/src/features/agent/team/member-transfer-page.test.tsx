import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session';
import { storage, TOKEN_KEY } from '../../../lib/storage';
import { demoUser, fakeApi } from '../../../test/fake-api';
import { passcodeInput, renderAt } from '../../../test/render';
import MemberTransferPage from './member-transfer-page';
import { agentProfile, memberDetails, ok, teamMember } from '../shared/test-fixtures';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const open = (entry = '/user/daili/chongzhi?id=7') => renderAt(<MemberTransferPage />, '/user/daili/chongzhi', entry);
const done = {
  id: 3,
  memberId: 7,
  memberUsername: 'member07',
  amount: 10_000,
  balance: 90_000,
  createdAt: '2026-03-02T10:00:00Z',
};

describe('/user/daili/chongzhi agent transfer', () => {
  beforeEach(() => {
    storage.set(TOKEN_KEY, 'tok');
    useSession.setState({ token: 'tok', userInfo: { ...demoUser, balance: 100_000 } });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useSession.setState({ token: null, userInfo: null });
  });

  it('sends the preselected member, amount, multiple, remark, recharge password and a requestId; my balance shows the answer', async () => {
    const api = fakeApi({
      '/agent/home': () => ok(agentProfile()),
      '/agent/member/details': () => ok(memberDetails()),
      '/agent/transfer': () => ok(done),
      '/user/info': () => ok({ ...demoUser, balance: 90_000 }),
    });
    const { container } = open();
    expect(await screen.findByText('member07')).toBeTruthy();
    fireEvent.change(screen.getByTestId('transfer-amount-input'), { target: { value: '100' } });
    fireEvent.change(screen.getByTestId('transfer-multiple-input'), { target: { value: '3' } });
    expect(screen.getByTestId('transfer-turnover').textContent).toBe('成员需完成 ¥300.00 有效投注后才能提款');
    fireEvent.change(screen.getByTestId('transfer-remark-input'), { target: { value: ' 首充活动 ' } });
    fireEvent.change(passcodeInput(container, 'recharge-password'), { target: { value: '135790' } });
    await act(async () => fireEvent.click(screen.getByTestId('transfer-submit')));
    expect(await screen.findByTestId('transfer-done')).toBeTruthy();
    expect(api.bodies('/agent/transfer')).toEqual([
      {
        memberId: 7,
        amount: 10_000,
        turnoverMultiple: 3,
        remark: '首充活动',
        rechargePassword: '135790',
        requestId: expect.stringMatching(UUID),
      },
    ]);
    expect(useSession.getState().userInfo?.balance).toBe(90_000);
  });

  it('shows a wrong recharge password under its field; a retry after no answer keeps the requestId, after an answer it is new', async () => {
    let n = 0;
    const api = fakeApi({
      '/agent/home': () => ok(agentProfile()),
      '/agent/member/details': () => ok(memberDetails()),
      '/agent/transfer': () => {
        n += 1;
        if (n === 1) return { code: 400, msg: '充值密码错误，还可尝试 4 次', data: { field: 'rechargePassword' } };
        if (n === 2) throw new TypeError('Failed to fetch');
        return { code: 422, msg: '余额不足' };
      },
    });
    const { container } = open();
    await screen.findByTestId('picked-member');
    fireEvent.change(screen.getByTestId('transfer-amount-input'), { target: { value: '50' } });
    const send = async () => {
      fireEvent.change(passcodeInput(container, 'recharge-password'), { target: { value: '111111' } });
      await act(async () => fireEvent.click(screen.getByTestId('transfer-submit')));
    };
    await send();
    expect((await screen.findByTestId('recharge-password-error')).textContent).toBe('充值密码错误，还可尝试 4 次');
    await send();
    expect(await screen.findByText('网络异常，请检查网络后重试')).toBeTruthy();
    await send();
    expect(await screen.findByText('余额不足')).toBeTruthy();
    const ids = api.bodies('/agent/transfer').map((b) => b.requestId);
    expect(ids).toHaveLength(3);
    expect(ids[1]).not.toBe(ids[0]);
    expect(ids[2]).toBe(ids[1]);
    expect(api.bodies('/agent/transfer')[0]).toMatchObject({ memberId: 7, amount: 5_000, rechargePassword: '111111' });
  });

  it('without ?id= the member is searched in the whole team and picked; nothing is sent before', async () => {
    const api = fakeApi({
      '/agent/home': () => ok(agentProfile()),
      '/agent/members': () =>
        ok({ list: [teamMember({ id: 9, username: 'deep09', depth: 3 })], total: 1, page: 1, pageSize: 10 }),
      '/agent/member/details': (body) => ok(memberDetails({ id: body.id as number, username: 'deep09' })),
    });
    open('/user/daili/chongzhi');
    fireEvent.change(await screen.findByTestId('pick-keyword-input'), { target: { value: 'deep' } });
    await act(async () => fireEvent.click(screen.getByTestId('pick-search')));
    expect(api.bodies('/agent/members')).toEqual([
      { page: 1, pageSize: 10, scope: 'team', keyword: 'deep', sort: 'registered', order: 'desc' },
    ]);
    await act(async () => fireEvent.click(await screen.findByTestId('pick-9')));
    expect((await screen.findByTestId('picked-member')).getAttribute('data-member-id')).toBe('9');
    expect(api.count('/agent/transfer')).toBe(0);
  });

  it('without a recharge password: links to set one and cannot submit', async () => {
    fakeApi({
      '/agent/home': () => ok(agentProfile({ hasRechargePassword: false })),
      '/agent/member/details': () => ok(memberDetails()),
    });
    open();
    const notice = await screen.findByTestId('no-recharge-password');
    expect(notice.querySelector('a')!.getAttribute('href')).toBe('/user/daili/chongzhipass');
    expect((screen.getByTestId('transfer-submit') as HTMLButtonElement).disabled).toBe(true);
  });
});
