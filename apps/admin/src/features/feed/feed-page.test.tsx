import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../lib/session';
import { fakeApi, consoleFakes } from '../../test/fake-api';
import { logIn, renderApp, sessionOf } from '../../test/render';

const NEW_KEY = 'Zk3v9Qn2XyTq8Lm4Rw7Pd1Hs6Jc0Bf5Ga2Ne8Uo3Vi';
const GIVEN_KEY = 'our-own-feed-key-0123456789-abcdefghijklmn';
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000 - 5_000).toISOString();

const busy = {
  id: 'snookerline',
  name: 'SnookerLine',
  enabled: true,
  staleSeconds: 20,
  keyHint: 'x9Qz',
  lastEventAt: minutesAgo(5),
  eventsLastHour: 1234,
  heldEvents: 3,
  liveMatches: 5,
  gapMatches: 1,
  staleMatches: 2,
};
const quiet = {
  ...busy,
  id: 'cue-sports',
  name: 'CueSports',
  enabled: false,
  staleSeconds: 45,
  keyHint: 'a1b2',
  lastEventAt: null,
  eventsLastHour: 0,
  heldEvents: 0,
  liveMatches: 2,
  gapMatches: 0,
  staleMatches: 0,
};
const byHand = { ...quiet, id: 'console', name: '控制台手动录入', enabled: true, keyHint: '', liveMatches: 0 };
const event = (seq: number, type: string, state: string, body: Record<string, unknown> = {}) => ({
  eventId: `ev-${seq}`,
  seq,
  type,
  state,
  receivedAt: '2026-11-20T08:30:00Z',
  body: { id: `ev-${seq}`, match: 'SL-42', seq, type, ...body },
});
const fedLog = {
  list: [
    event(59, 'visit', 'held', { frame: 3, player: 'a', points: 12, break: 12, foul: 0 }),
    event(57, 'frame_ended', 'applied', { frame: 2, winner: 'b' }),
    event(56, 'snapshot', 'applied'),
    event(40, 'match_started', 'superseded'),
  ],
  total: 4,
  page: 1,
  pageSize: 20,
  providerId: 'snookerline',
  feedMatch: 'SL-42',
  seq: 57,
  feedState: 'gap',
  heardAt: minutesAgo(2),
};
const consoleLog = {
  ...fedLog,
  list: [
    event(2, 'operator_result', 'applied', { operator: 'ops1', entry: 'result', score: { a: 4, b: 1 } }),
    event(1, 'operator_score', 'applied', { operator: 'ops1', entry: 'score', score: { a: 1, b: 0 } }),
  ],
  total: 2,
  providerId: 'console',
  feedMatch: 'op-1',
  seq: 2,
  feedState: 'ok',
};
const unfedLog = {
  ...fedLog,
  list: [],
  total: 0,
  providerId: null,
  feedMatch: null,
  seq: 0,
  feedState: 'ok',
  heardAt: null,
};

function fake(role: Role) {
  return fakeApi({
    ...consoleFakes(role),
    '/feed/providers': () => ({ data: { list: [busy, quiet, byHand] } }),
    '/feed/provider/save': (b) => ({
      data: { provider: { ...quiet, ...b, keyHint: 'o3Vi' }, key: b.id === 'cuetrack' ? NEW_KEY : null },
    }),
    '/feed/provider/key': (b) => ({
      data: { provider: busy, key: typeof b.key === 'string' ? b.key : NEW_KEY },
    }),
    '/feed/match/events': (b) => ({
      data: b.matchId === 11 ? fedLog : b.matchId === 13 ? consoleLog : { ...unfedLog, page: b.page },
    }),
  });
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;
/** The dialog of a title (closed ones stay in the document, see `closing`). */
const dialogTitled = (title: string) =>
  waitFor(() => {
    const found = screen.getAllByRole('dialog').find((d) => d.textContent!.startsWith(title));
    if (!found) throw new Error(`no dialog titled ${title}`);
    return found;
  });
/** The event row of a sequence number (the feed's head shows the last applied one too). */
const eventRow = async (seq: number) =>
  (await screen.findAllByText(String(seq))).map((el) => el.closest('tr.ant-table-row')).find(Boolean) as HTMLElement;
/** A closed modal leaves the document only when its animation ends, which happy-dom never runs. */
const closing = (dialog: HTMLElement) => waitFor(() => expect(dialog.className).toMatch(/-leave/));

describe('data feed', () => {
  it('lists the providers with their health: gap and stale matches stand out', async () => {
    logIn(sessionOf('risk'));
    fake('risk');
    renderApp('/feed');
    const busyRow = await rowOf('SnookerLine');
    expect(within(busyRow).getByText('snookerline')).toBeTruthy();
    expect(within(busyRow).getByText('启用')).toBeTruthy();
    expect(within(busyRow).getByText('20 秒')).toBeTruthy();
    expect(within(busyRow).getByText('…x9Qz')).toBeTruthy();
    expect(within(busyRow).getByText('5 分钟前')).toBeTruthy();
    expect(within(busyRow).getByText('1234')).toBeTruthy();
    expect(within(busyRow).getByText('3')).toBeTruthy();
    expect(within(busyRow).getByText('5')).toBeTruthy();
    expect(within(busyRow).getByText('缺号暂停 1').className).toContain('orange');
    expect(within(busyRow).getByText('超时暂停 2').className).toContain('red');

    const quietRow = await rowOf('CueSports');
    expect(within(quietRow).getByText('停用')).toBeTruthy();
    expect(within(quietRow).getByText('从未')).toBeTruthy();
    expect(within(quietRow).queryByText(/缺号暂停|超时暂停/)).toBeNull();
  });

  it('shows the console provider as scored by hand: no key, and no key to set', async () => {
    logIn(sessionOf('admin'));
    fake('admin');
    renderApp('/feed');
    const row = await rowOf('控制台手动录入');
    expect(within(row).getByText('无（手动录入）')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /设置密钥/ })).toBeNull();
    expect(within(await rowOf('SnookerLine')).getByRole('button', { name: /设置密钥/ })).toBeTruthy();
  });

  it('adds a provider: a bad or taken id is refused, and the new key is shown once with how to sign', async () => {
    logIn(sessionOf('admin'));
    const api = fake('admin');
    renderApp('/feed');
    await screen.findByText('SnookerLine');
    fireEvent.click(screen.getByRole('button', { name: /新增数据源/ }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('超时时间（5–600 秒）') as HTMLInputElement).value).toBe('20');
    fireEvent.change(within(dialog).getByLabelText('数据源 ID'), { target: { value: 'Cue_Track' } });
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: 'CueTrack' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('只能用 2–32 位小写字母、数字和 -，且以字母或数字开头')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('数据源 ID'), { target: { value: 'snookerline' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('已有此 ID 的数据源：请换一个 ID，或在列表中编辑它')).toBeTruthy();
    expect(api.count('/feed/provider/save')).toBe(0);

    fireEvent.change(within(dialog).getByLabelText('数据源 ID'), { target: { value: 'cuetrack' } });
    fireEvent.change(within(dialog).getByLabelText('超时时间（5–600 秒）'), { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(api.count('/feed/provider/save')).toBe(1));
    expect(api.last('/feed/provider/save')!.body).toEqual({
      id: 'cuetrack',
      name: 'CueTrack',
      enabled: true,
      staleSeconds: 30,
    });

    expect((await screen.findByTestId('feed-key')).textContent).toBe(NEW_KEY);
    const shown = await dialogTitled('数据源 cuetrack 的密钥');
    expect(shown.textContent).toContain('密钥只显示这一次');
    expect(shown.textContent).toContain('HMAC-SHA256');
    expect(shown.textContent).toContain('X-Feed-Signature');
    expect(shown.textContent).toContain('POST /feed/cuetrack/events');
    expect(shown.textContent).toContain('POST /feed/cuetrack/snapshot');
    fireEvent.click(within(shown).getByRole('button', { name: '我已保存密钥' }));
    await closing(shown);
    expect(screen.getByRole('row', { name: /SnookerLine/ }).textContent).not.toContain(NEW_KEY);
  });

  it('edits a provider: its id stays, and no key is shown', async () => {
    logIn(sessionOf('risk'));
    const api = fake('risk');
    renderApp('/feed');
    fireEvent.click(await screen.findByRole('button', { name: '编辑 CueSports' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('数据源 ID').hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(dialog).getByRole('switch'));
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(api.count('/feed/provider/save')).toBe(1));
    expect(api.last('/feed/provider/save')!.body).toEqual({
      id: 'cue-sports',
      name: 'CueSports',
      enabled: true,
      staleSeconds: 45,
    });
    expect(await screen.findByText('已保存数据源 CueSports')).toBeTruthy();
    expect(screen.queryByTestId('feed-key')).toBeNull();
  });

  it('sets a key: a random one sends only the id, a given one is checked and sent; each is shown once', async () => {
    logIn(sessionOf('risk'));
    const api = fake('risk');
    renderApp('/feed');
    fireEvent.click(await screen.findByRole('button', { name: '设置密钥 SnookerLine' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('旧密钥同时失效');
    fireEvent.click(within(dialog).getByRole('button', { name: /设置密钥/ }));
    await waitFor(() => expect(api.count('/feed/provider/key')).toBe(1));
    expect(api.last('/feed/provider/key')!.body).toEqual({ id: 'snookerline' });
    expect((await screen.findByTestId('feed-key')).textContent).toBe(NEW_KEY);
    const shown = await dialogTitled('数据源 snookerline 的密钥');
    fireEvent.click(within(shown).getByRole('button', { name: '我已保存密钥' }));
    await closing(shown);

    fireEvent.click(screen.getByRole('button', { name: '设置密钥 SnookerLine' }));
    const again = await dialogTitled('设置 SnookerLine 的密钥');
    expect(again.className).not.toMatch(/-leave/);
    fireEvent.click(within(again).getByLabelText('使用指定密钥'));
    const field = await within(again).findByLabelText('密钥（32–128 个字符）');
    fireEvent.change(field, { target: { value: 'too short' } });
    fireEvent.click(within(again).getByRole('button', { name: /设置密钥/ }));
    expect(await within(again).findByText('密钥须为 32–128 个可打印 ASCII 字符，不含空格')).toBeTruthy();
    expect(api.count('/feed/provider/key')).toBe(1);

    fireEvent.change(field, { target: { value: GIVEN_KEY } });
    fireEvent.click(within(again).getByRole('button', { name: /设置密钥/ }));
    await waitFor(() => expect(api.count('/feed/provider/key')).toBe(2));
    expect(api.last('/feed/provider/key')!.body).toEqual({ id: 'snookerline', key: GIVEN_KEY });
    await waitFor(() => expect(screen.getByTestId('feed-key').textContent).toBe(GIVEN_KEY));
    expect(screen.queryByText(NEW_KEY)).toBeNull();
  });

  it("opens a match's event log from ?match=: its feed's state, and each event's type and state in words", async () => {
    logIn(sessionOf('risk'));
    const api = fake('risk');
    renderApp('/feed?match=11');
    expect(await screen.findByText('SL-42')).toBeTruthy();
    expect(screen.getByRole('tab', { name: '赛事事件', selected: true })).toBeTruthy();
    expect(api.last('/feed/match/events')!.body).toEqual({ matchId: 11, page: 1, pageSize: 20 });
    expect(screen.getByText('缺号暂停').className).toContain('orange');
    expect(screen.getByText('2 分钟前')).toBeTruthy();

    const held = await eventRow(59);
    expect(within(held).getByText('击球')).toBeTruthy();
    expect(within(held).getByText('等待补号')).toBeTruthy();
    expect(within(held).getByText(/"points":12/)).toBeTruthy();
    expect(within(await eventRow(57)).getByText('本局结束')).toBeTruthy();
    expect(within(await eventRow(57)).getByText('已应用')).toBeTruthy();
    expect(within(await eventRow(56)).getByText('快照')).toBeTruthy();
    expect(within(await eventRow(40)).getByText('比赛开始')).toBeTruthy();
    expect(within(await eventRow(40)).getByText('已被快照取代')).toBeTruthy();
    expect(screen.getByText('共 4 条')).toBeTruthy();

    fireEvent.click(within(held).getByRole('button', { name: /展开行|Expand row/ }));
    expect((await screen.findByText(/"break": 12/)).tagName).toBe('PRE');
  });

  it("says how entries by hand are numbered: a console match's are its events, on a provider's match they override it", async () => {
    logIn(sessionOf('risk'));
    fake('risk');
    renderApp('/feed?match=13');
    expect(await screen.findByText(/控制台自建赛事：每次手动比分、赛果或取消都是它的下一个事件/)).toBeTruthy();
    expect(within(await eventRow(2)).getByText('手动赛果')).toBeTruthy();
    expect(within(await eventRow(1)).getByText('手动比分')).toBeTruthy();
    expect(screen.queryByText(/覆盖数据源/)).toBeNull();
    cleanup();
    renderApp('/feed?match=11');
    expect(await screen.findByText(/手动比分、赛果或取消会覆盖数据源，记在最近应用的序号下、不占用序号/)).toBeTruthy();
  });

  it('a match no feed plays says so, with an empty table', async () => {
    logIn(sessionOf('risk'));
    const api = fake('risk');
    renderApp('/feed');
    fireEvent.click(await screen.findByRole('tab', { name: '赛事事件' }));
    expect(await screen.findByText('输入台球赛事的 ID，查看其数据源推送的事件')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('赛事 ID'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    expect(await screen.findByText('该赛事不由数据源驱动')).toBeTruthy();
    expect(api.last('/feed/match/events')!.body).toMatchObject({ matchId: 12 });
    expect(document.querySelectorAll('.ant-table-row')).toHaveLength(0);
    expect(document.querySelector('.ant-table-placeholder')?.textContent).toContain('暂无数据');
    expect(screen.queryByText('数据源赛事 ID')).toBeNull();
  });
});
