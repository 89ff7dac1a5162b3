import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playersAdmin, feedback, feedbackAdmin, inbox, messagesAdmin } from '@breakshot/contracts';
import { adminCli, CLI_TEST_TIMEOUT } from '../helpers/admin-cli.js';
import { newOperator, opCall } from '../helpers/operators.js';
import { call, type TestApp } from '../helpers/test-app.js';
import { uploadPng } from '../helpers/uploads.js';
import { rowCount } from '../helpers/wallet.js';
import { adminCall, newTestPlayer, startWithdrawApp, type TestPlayer } from '../helpers/withdrawals.js';

describe('feedback', { timeout: CLI_TEST_TIMEOUT }, () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await startWithdrawApp();
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const player = () => newTestPlayer(t, { fundPassword: false });
  const send = (p: TestPlayer, body: object) => call(t.app, feedback.userSuggestion, body, { token: p.token });
  const mine = async (p: TestPlayer) => (await call(t.app, feedback.suggestionList, {}, { token: p.token })).data.list;
  const valid = { type: 'problem', content: 'The deposit page\nshows an old balance.' };

  it('stores a player’s feedback with their own images; the list shows only their own', async () => {
    const a = await player();
    const b = await player();
    const image = await uploadPng(t.app, a.token, 'feedback');
    const res = await send(a, { ...valid, images: [image.url], contact: 'a@example.com' });
    expect(res.code).toBe(200);
    expect(await mine(a)).toEqual([
      expect.objectContaining({
        id: res.data.id,
        type: 'problem',
        content: 'The deposit page\nshows an old balance.',
        images: [image.url],
        contact: 'a@example.com',
        reply: null,
      }),
    ]);
    expect(await mine(b)).toEqual([]);
  });

  it('refuses too short or long content, four images, another player’s or an avatar upload: 400, nothing stored', async () => {
    const a = await player();
    const b = await player();
    const own = await Promise.all([1, 2, 3, 4].map(() => uploadPng(t.app, a.token, 'feedback')));
    const before = await rowCount(t.db, 'feedback');
    const refusals = [
      [{ ...valid, content: 'too short' }, 'content'],
      [{ ...valid, content: 'x'.repeat(501) }, 'content'],
      [{ ...valid, images: own.map((i) => i.url) }, 'images'],
      [{ ...valid, images: [(await uploadPng(t.app, b.token, 'feedback')).url] }, 'images'],
      [{ ...valid, images: [(await uploadPng(t.app, a.token, 'avatar')).url] }, 'images'],
      [{ ...valid, images: ['https://evil.example/x.png'] }, 'images'],
      [{ ...valid, type: 'praise' }, 'type'],
    ] as const;
    for (const [body, field] of refusals) {
      const res = await send(a, body);
      // A malformed URL names its item (images.0); the rest name the field.
      const named = (res.data as { field?: string } | null)?.field?.split('.')[0];
      expect({ body, code: res.code, field: named }).toEqual({ body, code: 400, field });
    }
    expect(await rowCount(t.db, 'feedback')).toBe(before);
    expect((await send(a, { ...valid, images: own.slice(0, 3).map((i) => i.url) })).code).toBe(200);
  });

  it('allows ten a day per player, then 429 with the time to wait', async () => {
    const a = await player();
    for (let i = 0; i < feedback.FEEDBACK_PER_DAY; i += 1) expect((await send(a, valid)).code).toBe(200);
    const refused = await send(a, valid);
    expect(refused.code).toBe(429);
    expect((refused.data as { retryAfter?: number }).retryAfter).toBeGreaterThan(0);
    expect((await send(await player(), valid)).code).toBe(200);
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    expect((await send(a, valid)).code).toBe(200);
  });

  it('twenty at once: exactly the ten a day are stored', async () => {
    const a = await player();
    const answers = await Promise.all(Array.from({ length: 20 }, () => send(a, valid)));
    expect(answers.filter((r) => r.code === 200)).toHaveLength(feedback.FEEDBACK_PER_DAY);
    expect(answers.filter((r) => r.code === 429)).toHaveLength(20 - feedback.FEEDBACK_PER_DAY);
    expect(await mine(a)).toHaveLength(feedback.FEEDBACK_PER_DAY);
  });

  it('the operator’s reply reaches its author only, with a message; replying twice is 409; audited', async () => {
    const a = await player();
    const b = await player();
    const { data } = await send(a, { ...valid, type: 'suggestion' });
    const open = await adminCall(t.app, feedbackAdmin.feedbackList, { open: true, page: 1, pageSize: 100 });
    expect(open.data.list.find((f) => f.id === data.id)).toMatchObject({ username: a.username, reply: null });

    const bUnread = (await call(t.app, inbox.userMessageUnreadCount, {}, { token: b.token })).data.message;
    const reply = await adminCall(t.app, feedbackAdmin.feedbackReply, { id: data.id, reply: 'Thanks, fixed.' });
    expect(reply.data).toMatchObject({ reply: 'Thanks, fixed.', repliedBy: expect.any(String) });
    expect((await mine(a))[0]).toMatchObject({ id: data.id, reply: 'Thanks, fixed.' });
    expect((await mine(b)).map((f) => f.id)).not.toContain(data.id);

    const messages = (await call(t.app, inbox.userMessage, { tab: 'message' }, { token: a.token })).data.list;
    expect(messages[0]).toMatchObject({ kind: 'feedback_replied', title: '您的反馈已回复', link: '/user/fankui' });
    expect((await call(t.app, inbox.userMessageUnreadCount, {}, { token: b.token })).data.message).toBe(bUnread);

    expect(await adminCall(t.app, feedbackAdmin.feedbackReply, { id: data.id, reply: 'again' })).toMatchObject({
      code: 409,
    });
    const stillOpen = await adminCall(t.app, feedbackAdmin.feedbackList, { open: true, page: 1, pageSize: 100 });
    expect(stillOpen.data.list.map((f) => f.id)).not.toContain(data.id);
    const audit = await adminCall(t.app, playersAdmin.auditList, { page: 1, pageSize: 5, action: 'feedback.reply' });
    expect(audit.data.list[0]).toMatchObject({ target: String(data.id) });
    expect(await adminCall(t.app, feedbackAdmin.feedbackReply, { id: 999_999, reply: 'x' })).toMatchObject({
      code: 404,
    });
  });

  it('role gates: content and risk answer, finance may not', async () => {
    const a = await player();
    const { data } = await send(a, valid);
    const finance = await newOperator(t, 'fb-finance', 'finance');
    const content = await newOperator(t, 'fb-content', 'content');
    expect(await opCall(t.app, feedbackAdmin.feedbackList, {}, { session: finance.session })).toMatchObject({
      code: 403,
    });
    expect(
      await opCall(t.app, feedbackAdmin.feedbackReply, { id: data.id, reply: 'no' }, { session: finance.session }),
    ).toMatchObject({ code: 403 });
    expect(
      await opCall(
        t.app,
        messagesAdmin.messageSend,
        { audience: 'all', title: 'x', body: 'y' },
        { session: finance.session },
      ),
    ).toMatchObject({ code: 403 });
    expect(
      await opCall(t.app, feedbackAdmin.feedbackReply, { id: data.id, reply: 'yes' }, { session: content.session }),
    ).toMatchObject({ code: 200 });
  });

  it('CLI: feedback [open] lists, feedback-reply answers', async () => {
    const a = await player();
    const { data } = await send(a, { ...valid, content: 'Please add dark mode to the app.' });
    const list = await adminCli(url, ['feedback', 'open']);
    expect(list.stdout).toMatch(new RegExp(`${data.id}\\s+${a.username}\\s+problem\\s+Please add dark mode`));
    const answered = await adminCli(url, ['feedback-reply', String(data.id), 'Coming', 'soon']);
    expect(answered).toMatchObject({
      code: 0,
      stdout: expect.stringContaining(`feedback ${data.id} of ${a.username}`),
    });
    expect((await mine(a))[0]?.reply).toBe('Coming soon');
    expect((await adminCli(url, ['feedback', 'open'])).stdout).not.toMatch(new RegExp(`^${data.id}\\s`, 'm'));
    expect((await adminCli(url, ['feedback-reply', String(data.id)])).code).toBe(2);
  });
});
