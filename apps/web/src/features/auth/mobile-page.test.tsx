import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../lib/session';
import { storage, TOKEN_KEY } from '../../lib/storage';
import { demoUser, fakeApi, type Handler } from '../../test/fake-api';
import { renderAt } from '../../test/render';
import MobilePage from './mobile-page';

const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(`${testId}-input`), { target: { value } });
const click = (testId: string) => act(async () => fireEvent.click(screen.getByTestId(testId)));

/** The page against fake calls; user/info answers with `mobile` until a bind or change succeeds. */
function open(mobile: string | null, handlers: Record<string, Handler>) {
  let current = mobile;
  const api = fakeApi({
    '/user/info': () => ({ code: 200, data: { ...demoUser, mobile: current } }),
    ...handlers,
    '/user/edit/bindMobile': (body) => {
      const answer = handlers['/user/edit/bindMobile']?.(body) as { code: number } | undefined;
      if (!answer || answer.code === 200) current = '139****0000';
      return answer ?? { code: 200, data: { mobile: current } };
    },
    '/user/edit/changeMobile': (body) => {
      const answer = handlers['/user/edit/changeMobile']?.(body) as { code: number } | undefined;
      if (!answer || answer.code === 200) current = '139****0000';
      return answer ?? { code: 200, data: { mobile: current } };
    },
  });
  useSession.setState({ token: 'tok', userInfo: { ...demoUser, mobile } });
  renderAt(<MobilePage />);
  return api;
}

const sent = () => ({ code: 200, data: { resendAfter: 60, expiresIn: 300 } });

beforeEach(() => storage.set(TOKEN_KEY, 'tok'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/user/mobile: bind', () => {
  it('an invalid mobile sends nothing; a valid one gets the code, then binds', async () => {
    const api = open(null, { '/user/edit/sendSmsCode': sent });
    type('mobile-input', '1234');
    await click('sms-code-send');
    expect(screen.getByTestId('mobile-input-error')).toBeTruthy();
    expect(api.count('/user/edit/sendSmsCode')).toBe(0);

    type('mobile-input', '139-0000-0000');
    await click('sms-code-send');
    expect(api.bodies('/user/edit/sendSmsCode')).toEqual([{ purpose: 'bind', mobile: '13900000000' }]);
    expect(await screen.findByText('60 秒后重发')).toBeTruthy();

    type('sms-code', '123456');
    await click('mobile-bind-submit');
    expect(api.bodies('/user/edit/bindMobile')).toEqual([{ mobile: '13900000000', code: '123456' }]);
    expect((await screen.findByTestId('mobile-current')).textContent).toBe('139****0000');
  });

  it('a mobile the server refuses shows under the mobile field, and the countdown does not start', async () => {
    open(null, {
      '/user/edit/sendSmsCode': () => ({ code: 409, msg: '该手机号已被其他账号绑定', data: { field: 'mobile' } }),
    });
    type('mobile-input', '13900000000');
    await click('sms-code-send');
    expect((await screen.findByTestId('mobile-input-error')).textContent).toBe('该手机号已被其他账号绑定');
    expect(screen.getByTestId('sms-code-send').textContent).toBe('获取验证码');
  });
});

describe('/user/mobile: change', () => {
  it('the old mobile’s code first, then the new mobile and its code', async () => {
    const api = open('138****8000', { '/user/edit/sendSmsCode': sent });
    await click('mobile-change');
    // Step 1: the code goes to the bound mobile; without it there is no step 2.
    await click('old-code-send');
    expect(api.bodies('/user/edit/sendSmsCode')).toEqual([{ purpose: 'change' }]);
    await click('mobile-change-submit');
    expect(screen.getByTestId('mobile-input').closest('[hidden]')).not.toBeNull();
    type('old-code', '111111');
    await click('mobile-change-submit');
    expect(screen.getByTestId('mobile-input').closest('[hidden]')).toBeNull();

    // Step 2: the new mobile's code, then the change with both codes.
    type('mobile-input', '13900000000');
    await click('new-code-send');
    expect(api.bodies('/user/edit/sendSmsCode')[1]).toEqual({ purpose: 'bind', mobile: '13900000000' });
    type('new-code', '222222');
    await click('mobile-change-submit');
    expect(api.bodies('/user/edit/changeMobile')).toEqual([
      { oldCode: '111111', mobile: '13900000000', code: '222222' },
    ]);
    await waitFor(() => expect(screen.getByTestId('mobile-current').textContent).toBe('139****0000'));
  });

  it('a wrong old code brings the player back to step 1 with the error under it', async () => {
    open('138****8000', {
      '/user/edit/sendSmsCode': sent,
      '/user/edit/changeMobile': () => ({ code: 400, msg: '验证码错误，还可尝试 4 次', data: { field: 'oldCode' } }),
    });
    await click('mobile-change');
    type('old-code', '111111');
    await click('mobile-change-submit');
    type('mobile-input', '13900000000');
    type('new-code', '222222');
    await click('mobile-change-submit');
    expect((await screen.findByTestId('old-code-error')).textContent).toBe('验证码错误，还可尝试 4 次');
    expect(screen.getByTestId('old-code').closest('[hidden]')).toBeNull();
    expect(screen.getByTestId('mobile-current').textContent).toBe('138****8000');
  });
});
