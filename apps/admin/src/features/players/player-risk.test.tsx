import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { logIn, renderWithProviders, sessionOf } from '../../test/render';
import { PlayerRisk } from './player-risk';

const READ = '/players/risk';
const TAGS = '/players/risk/tags';
const NOTE = '/players/risk/notes';

type Note = { id: number; body: string; by: string; at: string };

/** A server that keeps the tags and notes it is sent. */
function fake(
  start: { tags: string[]; notes: Note[]; noteCount?: number },
  handlers: Parameters<typeof fakeApi>[0] = {},
) {
  let tags = start.tags;
  const notes = [...start.notes];
  let noteCount = start.noteCount ?? notes.length;
  const view = () => ({ data: { userId: 7, tags, notes, noteCount } });
  return fakeApi({
    [READ]: view,
    [TAGS]: (body) => {
      tags = body.tags as string[];
      return view();
    },
    [NOTE]: (body) => {
      notes.unshift({ id: notes.length + 1, body: body.body as string, by: 'risk01', at: '2026-11-23T10:05:00Z' });
      noteCount += 1;
      return view();
    },
    ...handlers,
  });
}

const note = (id: number, body: string, by: string): Note => ({ id, body, by, at: '2026-11-23T10:00:00Z' });

describe('风控标签与备注', () => {
  it('shows the tags (presets in words, a custom one as written), the notes newest first with who wrote them and when', async () => {
    logIn(sessionOf('finance'));
    const api = fake({
      tags: ['sharp', '对冲组'],
      notes: [note(2, '已电话核实', 'fin01'), note(1, '首存即提', 'risk01')],
      noteCount: 60,
    });
    renderWithProviders(<PlayerRisk userId={7} username="player01" />);
    expect((await screen.findByTestId('player-tags')).textContent).toBe('职业玩家对冲组');
    expect(api.last(READ)!.body).toEqual({ userId: 7 });
    const items = within(screen.getByTestId('player-notes')).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      '已电话核实fin01 · 2026-11-23 18:00:00',
      '首存即提risk01 · 2026-11-23 18:00:00',
    ]);
    expect(screen.getByText('共 60 条，显示最新 2 条')).toBeTruthy();
    // Finance writes notes but does not tag.
    expect(screen.queryByRole('button', { name: /编辑标签/ })).toBeNull();
    expect(screen.getByRole('textbox', { name: '备注' })).toBeTruthy();
  });

  it('risk sets tags: a preset picked and a custom one typed, sent as the tags', async () => {
    logIn(sessionOf('risk'));
    const api = fake({ tags: ['watch'], notes: [] });
    renderWithProviders(<PlayerRisk userId={7} username="player01" />);
    expect(await screen.findByText('暂无备注')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /编辑标签/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('player01 的风控标签');
    const box = within(dialog).getByRole('combobox', { name: '标签' });
    fireEvent.mouseDown(box);
    fireEvent.click(await screen.findByText('职业玩家', { selector: '.ant-select-item-option-content' }));
    fireEvent.change(box, { target: { value: '对冲组' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(api.last(TAGS)?.body).toEqual({ userId: 7, tags: ['watch', 'sharp', '对冲组'] }));
    await waitFor(() => expect(screen.getByTestId('player-tags').textContent).toBe('观察职业玩家对冲组'));
  });

  it('a tag the server would refuse is refused in the dialog, nothing sent', async () => {
    logIn(sessionOf('risk'));
    const api = fake({ tags: [], notes: [] });
    renderWithProviders(<PlayerRisk userId={7} username="player01" />);
    expect(await screen.findByText('无标签')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /编辑标签/ }));
    const dialog = await screen.findByRole('dialog');
    const box = within(dialog).getByRole('combobox', { name: '标签' });
    fireEvent.mouseDown(box);
    fireEvent.change(box, { target: { value: 'a!b' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    expect(await within(dialog).findByText(/只能包含文字、数字、下划线或连字符/)).toBeTruthy();
    expect(api.last(TAGS)).toBeUndefined();
  });

  it('adds a note: shown on top, the box emptied; an empty one is not sent', async () => {
    logIn(sessionOf('risk'));
    const api = fake({ tags: [], notes: [note(1, '旧备注', 'fin01')] });
    renderWithProviders(<PlayerRisk userId={7} username="player01" />);
    const box = await screen.findByRole('textbox', { name: '备注' });
    fireEvent.click(screen.getByRole('button', { name: /添加备注/ }));
    expect(await screen.findByText('必填')).toBeTruthy();
    expect(api.last(NOTE)).toBeUndefined();

    fireEvent.change(box, { target: { value: '多账户同设备，已上报' } });
    fireEvent.click(screen.getByRole('button', { name: /添加备注/ }));
    await waitFor(() => expect(api.last(NOTE)?.body).toEqual({ userId: 7, body: '多账户同设备，已上报' }));
    await waitFor(() =>
      expect(within(screen.getByTestId('player-notes')).getAllByRole('listitem')[0]!.textContent).toContain(
        '多账户同设备，已上报',
      ),
    );
    await waitFor(() => expect((screen.getByRole('textbox', { name: '备注' }) as HTMLTextAreaElement).value).toBe(''));
  });

  it('content operators do not see it', async () => {
    logIn(sessionOf('content'));
    fake({ tags: [], notes: [] });
    renderWithProviders(<PlayerRisk userId={7} username="player01" />);
    await new Promise((done) => setTimeout(done, 50));
    expect(screen.queryByTestId('player-risk')).toBeNull();
  });
});
