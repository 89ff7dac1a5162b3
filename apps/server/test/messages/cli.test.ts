import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inbox } from '@breakshot/contracts';
import { adminCli, CLI_TEST_TIMEOUT } from '../helpers/admin-cli.js';
import { call, type TestApp } from '../helpers/test-app.js';
import { newTestPlayer, startWithdrawApp } from '../helpers/withdrawals.js';

describe('npm run admin -- broadcast, message, messages, message-withdraw', { timeout: CLI_TEST_TIMEOUT }, () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await startWithdrawApp();
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('sends to everyone and to one player, lists what was sent, withdraws', async () => {
    const a = await newTestPlayer(t, { fundPassword: false });
    const b = await newTestPlayer(t, { fundPassword: false });
    const all = await adminCli(url, ['broadcast', 'Tonight', 'Maintenance', 'from', '2:00']);
    expect(all).toMatchObject({ code: 0, stdout: expect.stringMatching(/message \d+ sent to every player/) });
    const one = await adminCli(url, ['message', a.username, 'Hi', 'Just for you']);
    expect(one).toMatchObject({ code: 0, stdout: expect.stringContaining(`sent to ${a.username}`) });

    const titles = async (token: string) =>
      (await call(t.app, inbox.userMessage, { tab: 'message' }, { token })).data.list.map((m) => m.title);
    expect(await titles(a.token)).toEqual(['Hi', 'Tonight']);
    expect(await titles(b.token)).toEqual(['Tonight']);

    const list = await adminCli(url, ['messages']);
    expect(list.stdout).toMatch(new RegExp(`${a.username}\\s+Hi\\s+0\\s+@admin-token`));
    expect(list.stdout).toMatch(/\(all\)\s+Tonight\s+0\s+@admin-token/);

    const id = /message (\d+) sent to every/.exec(all.stdout)?.[1] ?? '';
    expect((await adminCli(url, ['message-withdraw', id])).code).toBe(0);
    expect(await titles(b.token)).toEqual([]);

    expect((await adminCli(url, ['message', a.username, 'No body'])).code).toBe(2);
    expect(await adminCli(url, ['message', 'nobody000', 'T', 'B'])).toMatchObject({ code: 1 });
  });
});
