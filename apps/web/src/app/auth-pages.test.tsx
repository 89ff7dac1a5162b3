import { createHash, randomBytes, randomInt } from 'node:crypto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { auth, errorEnvelope } from '@breakshot/contracts';
import { searchPow } from '../features/auth/pow/search';
import { live, useSession } from '../lib/session';
import { storage, TOKEN_KEY, USER_INFO_KEY } from '../lib/storage';
import { demoUser, fakeAppApi } from '../test/fake-api';
import { renderApp } from './test-utils';

/** The whole app's login, its lazy pages loaded: about 2 s, longer on a busy machine. */
const APP_LOGIN_MS = 15_000;

/** The worker's search, run here (happy-dom has no Worker), after `solving` lets it. */
let solving: Promise<void> = Promise.resolve();
vi.mock('../features/auth/pow/solve', () => ({
  solvePow: vi.fn(async (c: { challenge: string; hash: string; max: number; signature: string }, progress) => {
    (progress as (share: number) => void)(0.25);
    await solving;
    const number = searchPow(c);
    if (number === null) throw new Error('no solution');
    return { challenge: c.challenge, number, signature: c.signature };
  }),
}));

/** A challenge as the server makes it (contract-checked), and its answer. */
function powChallenge(purpose: auth.PowPurpose) {
  const challenge = `${purpose}.5000.${Date.now() + 300_000}.${randomBytes(12).toString('base64url')}`;
  const secret = randomInt(5000);
  const data = {
    challenge,
    hash: createHash('sha256').update(`${challenge}${secret}`).digest('hex'),
    max: 5000,
    signature: 'f'.repeat(64),
    expiresAt: new Date(Date.now() + 300_000).toISOString(),
  };
  return { answer: auth.captchaChallenge.response.parse({ code: 200, msg: 'ok', data }), secret };
}

/** The server's refusal of a call that needs a proof of work (contract-checked). */
const powRequired = () => errorEnvelope.parse({ code: 403, msg: '请先完成安全验证', data: { step: 'pow' } });

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function fillLogin() {
  await screen.findByTestId('captcha-image');
  type('用户名', 'player01');
  type('密码', 'secret123');
  type('验证码', '2468');
}

describe('login page', () => {
  beforeEach(() => useSession.setState({ token: null, userInfo: null }));
  afterEach(() => {
    live.close();
    cleanup();
    vi.unstubAllGlobals();
  });

  it('logs in, stores the session and returns to the page that asked', { timeout: APP_LOGIN_MS }, async () => {
    const api = fakeAppApi({ '/login': () => ({ code: 200, data: { token: 'tok-1' } }) });
    const { router } = renderApp('/login?redirect=%2Fuser%2Fqukuan');
    await fillLogin();
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/qukuan'));
    expect(storage.get(TOKEN_KEY)).toBe('tok-1');
    expect(storage.get(USER_INFO_KEY)).toEqual(demoUser);
    expect(api.calls.find((c) => c.path === '/login')!.body).toEqual({
      username: 'player01',
      password: 'secret123',
      captchaCode: '2468',
      captchaId: expect.any(String),
    });
    // docs/spec.md §4 order: token stored → user info → live connection (getWss)
    const order = api.calls.map((c) => c.path).filter((p) => ['/login', '/user/info', '/getWss'].includes(p));
    expect(order.slice(0, 3)).toEqual(['/login', '/user/info', '/getWss']);
  });

  it('wrong password: shows the server message and gets a new captcha', async () => {
    const api = fakeAppApi({ '/login': () => ({ code: 400, msg: '用户名或密码错误', data: { field: 'password' } }) });
    renderApp('/login');
    await fillLogin();
    expect(api.count('/captcha/getCode')).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByTestId('login-alert')).toHaveProperty('textContent', '用户名或密码错误');
    await waitFor(() => expect(api.count('/captcha/getCode')).toBe(2));
    expect((screen.getByLabelText('验证码') as HTMLInputElement).value).toBe('');
    expect(storage.get(TOKEN_KEY)).toBeNull();
  });

  it('429: locked message with the minutes left', async () => {
    fakeAppApi({ '/login': () => ({ code: 429, msg: 'locked', data: { retryAfter: 540 } }) });
    renderApp('/login');
    await fillLogin();
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect((await screen.findByTestId('login-alert')).textContent).toContain('请 9 分钟后再试');
  });

  it('asked for a proof of work: solves a challenge off the page, shows it, sends the same captcha again with it', async () => {
    let release: () => void = () => {};
    solving = new Promise<void>((r) => (release = r));
    const { answer, secret } = powChallenge('login');
    const api = fakeAppApi({
      '/login': (body) => (body.pow ? { code: 200, data: { token: 'tok-pow' } } : powRequired()),
      '/captcha/challenge': () => answer,
    });
    const { router } = renderApp('/login');
    await fillLogin();
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect((await screen.findByTestId('step-up')).textContent).toBe('正在进行安全验证…');
    expect(screen.getByRole('button', { name: '登录中…' })).toHaveProperty('disabled', true);
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(screen.queryByTestId('step-up')).toBeNull();
    expect(api.bodies('/captcha/challenge')).toEqual([{ purpose: 'login', username: 'player01' }]);
    const [first, second] = api.bodies('/login');
    expect(first).not.toHaveProperty('pow');
    expect(second).toEqual({
      ...first,
      pow: { challenge: answer.data.challenge, number: secret, signature: answer.data.signature },
    });
    // The refused call did not use its captcha: no new one was fetched, no alert shown.
    expect(api.count('/captcha/getCode')).toBe(1);
    expect(screen.queryByTestId('login-alert')).toBeNull();
    expect(storage.get(TOKEN_KEY)).toBe('tok-pow');
  });

  it('a proof of work refused twice ends the attempt with the server message and a new captcha', async () => {
    const api = fakeAppApi({
      '/login': () => powRequired(),
      '/captcha/challenge': () => powChallenge('login').answer,
    });
    renderApp('/login');
    await fillLogin();
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect((await screen.findByTestId('login-alert')).textContent).toBe('请先完成安全验证');
    expect(api.count('/login')).toBe(3);
    expect(api.count('/captcha/challenge')).toBe(2);
    await waitFor(() => expect(api.count('/captcha/getCode')).toBe(2));
  });

  it('validates as the user types', async () => {
    fakeAppApi({});
    renderApp('/login');
    await screen.findByTestId('captcha-image');
    type('用户名', 'a');
    type('用户名', '');
    expect(await screen.findByText('必填')).toBeTruthy();
  });
});

describe('register page', () => {
  beforeEach(() => useSession.setState({ token: null, userInfo: null }));
  afterEach(() => {
    live.close();
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the contract messages as the user types', async () => {
    fakeAppApi({});
    renderApp('/register');
    await screen.findByTestId('captcha-image');
    type('用户名', 'abc');
    expect(await screen.findByText('须为 6–16 位')).toBeTruthy();
    type('用户名', 'abc_def1');
    expect(await screen.findByText('只能包含字母和数字')).toBeTruthy();
    type('密码', 'abcdefgh');
    expect(await screen.findByText('须同时包含字母和数字')).toBeTruthy();
    type('确认密码', 'abcdefg1');
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
  });

  it('requires the 18+ box, submits once, logs in with the token and goes home', async () => {
    let release: () => void = () => {};
    const api = fakeAppApi({});
    api.fetchMock.mockImplementation(api.fetchMock.getMockImplementation()!);
    const gate = new Promise<void>((r) => (release = r));
    const base = api.fetchMock.getMockImplementation()!;
    api.fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/register')) {
        api.calls.push({ path: '/register', body: JSON.parse(String(init!.body)), headers: {} });
        await gate;
        return new Response(JSON.stringify({ code: 200, msg: 'ok', data: { token: 'new-tok' } }));
      }
      return base(input, init);
    });
    const { router } = renderApp('/register');
    await screen.findByTestId('captcha-image');
    type('用户名', 'player02');
    type('密码', 'secret123');
    type('确认密码', 'secret123');
    type('验证码', '2468');
    const submit = screen.getByRole('button', { name: '注册' });
    fireEvent.click(submit);
    expect(await screen.findByText('请确认已满 18 岁并同意条款')).toBeTruthy();
    expect(api.count('/register')).toBe(0);

    fireEvent.click(screen.getByLabelText('我已年满18岁并同意条款'));
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(screen.getByRole('button', { name: '注册中…' })).toHaveProperty('disabled', true));
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(api.count('/register')).toBe(1);
    expect(api.calls.find((c) => c.path === '/register')!.body).toEqual({
      username: 'player02',
      password: 'secret123',
      captchaId: expect.any(String),
      captchaCode: '2468',
    });
    expect(storage.get(TOKEN_KEY)).toBe('new-tok');
  });

  it('asked for a proof of work: solves it and registers with the same captcha', async () => {
    solving = Promise.resolve();
    const { answer, secret } = powChallenge('register');
    const api = fakeAppApi({
      '/register': (body) => (body.pow ? { code: 200, data: { token: 'reg-pow' } } : powRequired()),
      '/captcha/challenge': () => answer,
    });
    const { router } = renderApp('/register');
    await screen.findByTestId('captcha-image');
    type('用户名', 'player03');
    type('密码', 'secret123');
    type('确认密码', 'secret123');
    type('验证码', '2468');
    fireEvent.click(screen.getByLabelText('我已年满18岁并同意条款'));
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(api.bodies('/captcha/challenge')).toEqual([{ purpose: 'register' }]);
    expect(api.bodies('/register')[1]).toMatchObject({ captchaCode: '2468', pow: { number: secret } });
    expect(api.count('/captcha/getCode')).toBe(1);
  });

  it('checks the captcha as the player leaves it: a wrong one is marked and replaced, a right one registers', async () => {
    // As the server does: a right answer stays usable, a wrong one is burnt.
    const api = fakeAppApi({
      '/captcha/checkCode': (body) =>
        body.captchaCode === '2468'
          ? { code: 200, data: {} }
          : { code: 400, msg: '验证码错误，请重新输入', data: { field: 'captchaCode' } },
      '/register': () => ({ code: 200, data: { token: 'reg-checked' } }),
    });
    const { router } = renderApp('/register');
    await screen.findByTestId('captcha-image');
    type('用户名', 'player04');
    type('密码', 'secret123');
    type('确认密码', 'secret123');
    const captcha = screen.getByLabelText('验证码') as HTMLInputElement;
    type('验证码', '1357');
    fireEvent.blur(captcha);
    expect(await screen.findByText('验证码错误，请重新输入')).toBeTruthy();
    expect(api.bodies('/captcha/checkCode')).toEqual([{ captchaId: 'c1', captchaCode: '1357' }]);
    await waitFor(() => expect(api.count('/captcha/getCode')).toBe(2));
    expect(captcha.value).toBe('');
    expect(api.count('/register')).toBe(0);

    type('验证码', '2468');
    expect(screen.queryByText('验证码错误，请重新输入')).toBeNull();
    fireEvent.blur(captcha);
    await waitFor(() => expect(api.count('/captcha/checkCode')).toBe(2));
    fireEvent.click(screen.getByLabelText('我已年满18岁并同意条款'));
    fireEvent.click(screen.getByRole('button', { name: '注册' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    // The right answer was not replaced: the registration sends the captcha that was checked.
    expect(api.bodies('/register')[0]).toMatchObject({ captchaId: 'c2', captchaCode: '2468' });
    expect(api.count('/captcha/getCode')).toBe(2);
  });

  it('prefills and locks the invite code of an invite link', async () => {
    fakeAppApi({});
    const { router } = renderApp('/ABC123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    await router.navigate('/register');
    const input = (await screen.findByLabelText(/邀请码/)) as HTMLInputElement;
    expect(input.value).toBe('ABC123');
    expect(input.readOnly).toBe(true);
  });
});

describe('login and register for a player already logged in', () => {
  beforeEach(() => {
    storage.set(TOKEN_KEY, 'tok-0');
    useSession.setState({ token: 'tok-0', userInfo: demoUser });
  });
  afterEach(() => {
    live.close();
    cleanup();
    vi.unstubAllGlobals();
    useSession.setState({ token: null, userInfo: null });
  });

  it.each([
    ['/login', '/user'],
    ['/register', '/user'],
    ['/login?redirect=%2Fuser%2Fqukuan', '/user/qukuan'],
  ])('%s sends them on to %s without showing the form', async (from, to) => {
    fakeAppApi({});
    const { router } = renderApp(from);
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
    // The guest-only page gives way once the next page has loaded (lazily: slower under load).
    await waitFor(() => expect(screen.queryByLabelText('密码')).toBeNull());
  });
});
