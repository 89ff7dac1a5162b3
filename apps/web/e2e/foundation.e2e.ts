// The session and the live connection, end to end in Chromium.
import { expect, test } from '@playwright/test';
import { fillRegisterForm, loginViaUi, registerViaUi, tokenOf, uniqueUsername, watchLive } from './helpers';

test('register, keep the session over a reload, see /user, log out', async ({ page }) => {
  // The player's connection (a guest has the public one, without a token, until logged in).
  const live = watchLive(page, 'player');
  const username = uniqueUsername('reg');
  await registerViaUi(page, username);

  // Logged in: token and user info are stored, and the home page shows the balance.
  expect(await page.evaluate(() => Object.keys(localStorage).length)).toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId('home-balance')).toContainText('0.00');

  // The live connection opens after getWss, pings at once and gets `pong` back.
  await expect.poll(() => live.open().length).toBe(1);
  await expect.poll(() => live.open()[0]?.sent.some((f) => JSON.parse(f).type === 'ping')).toBe(true);
  await expect.poll(() => live.open()[0]?.received.includes('pong')).toBe(true);
  expect(new URL(live.open()[0]!.ws.url()).searchParams.get('token')).toBeTruthy();

  // A reload keeps the session and opens a new connection that is answered too.
  await page.reload();
  await expect(page.getByTestId('home-balance')).toBeVisible();
  await expect.poll(() => live.sockets.length).toBe(2);
  await expect.poll(() => live.sockets[1]!.received.includes('pong')).toBe(true);

  // In-app navigation (the 我的 tab) keeps the same connection.
  await page.getByText('我的', { exact: true }).click();
  await expect(page).toHaveURL(/\/user$/);
  await expect(page.getByTestId('user-username')).toContainText(username);

  // It keeps pinging every 5 s and the server answers each ping.
  const socket = live.sockets[1]!;
  expect(live.sockets).toHaveLength(2);
  await expect.poll(() => socket.sent.length, { timeout: 12_000 }).toBeGreaterThanOrEqual(2);
  await expect.poll(() => socket.received.filter((f) => f === 'pong').length).toBeGreaterThanOrEqual(2);

  await page.getByRole('button', { name: '退出登录' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('确定要退出登录吗？');
  await dialog.getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(
    page
      .getByRole('link', { name: '登录' })
      .or(page.getByRole('button', { name: '登录' }))
      .first(),
  ).toBeVisible();
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => /token|user/i.test(k)))).toEqual([]);
  await expect.poll(() => socket.closed).toBe(true);
});

test('a guest asking for /user/qukuan is sent to log in and comes back after', async ({ page }) => {
  const username = uniqueUsername('grd');
  await registerViaUi(page, username);
  await page.evaluate(() => localStorage.clear());

  await page.goto('/user/qukuan');
  await expect(page.getByText('请先登录')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await loginViaUi(page, username);
  await expect(page).toHaveURL(/\/user\/qukuan$/);
});

test('an invite link lands on /home with the code, and /register shows it locked', async ({ page }) => {
  await page.goto('/ABC123');
  await expect(page).toHaveURL(/\/home\?invite=ABC123$/);

  await page.goto('/register');
  const invite = page.locator('input[name=inviteCode]');
  await expect(invite).toHaveValue('ABC123');
  await expect(invite).toHaveAttribute('readonly', '');

  // That code belongs to nobody: the server refuses it and says why, in the user's language.
  await fillRegisterForm(page, uniqueUsername('inv'), 'secret123');
  await page.getByRole('button', { name: '注册', exact: true }).click();
  await expect(page.getByText('邀请码不存在')).toBeVisible();
  await expect(page).toHaveURL(/\/register/);
});

test('a real invite link attributes the new player to the inviter', async ({ page }) => {
  const inviter = uniqueUsername('upl');
  await registerViaUi(page, inviter);
  // The inviter's code, asked of the server with the app's session (a response the page made
  // may be gone once the page navigates on).
  const info = await page.request.post('/api/v9/user/info', { headers: { token: await tokenOf(page) }, data: {} });
  const code = (await info.json()).data.inviteCode as string;
  expect(code).toMatch(/^[A-Z0-9]{6}$/);
  await page.evaluate(() => localStorage.clear());

  await page.goto(`/${code}`);
  await expect(page).toHaveURL(new RegExp(`/home\\?invite=${code}$`));
  await page.goto('/register');
  await expect(page.locator('input[name=inviteCode]')).toHaveValue(code);
  await fillRegisterForm(page, uniqueUsername('dwn'), 'secret123');
  await page.getByRole('button', { name: '注册', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('a wrong password says so and brings a new captcha', async ({ page }) => {
  const username = uniqueUsername('pwd');
  await registerViaUi(page, username);
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  const first = await page.getByTestId('captcha-image').getAttribute('src');
  await loginViaUi(page, username, 'wrongpass1');
  await expect(page.getByTestId('login-alert')).toContainText('用户名或密码错误');
  await expect.poll(() => page.getByTestId('captcha-image').getAttribute('src')).not.toBe(first);
  await expect(page).toHaveURL(/\/login/);
});
