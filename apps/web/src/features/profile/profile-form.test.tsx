import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { confirmDialog } from '../../components/ui/confirm';
import { demoUser } from '../../test/fake-api';
import { ProfileForm } from './profile-form';

vi.mock('../../components/ui/confirm', () => ({ confirmDialog: vi.fn(async () => true) }));

const TODAY = '2027-03-10';

function setup(user = demoUser) {
  const actions = { nickname: vi.fn(async () => {}), sex: vi.fn(async () => {}), birthday: vi.fn(async () => {}) };
  render(<ProfileForm user={user} today={TODAY} actions={actions} />);
  const input = (f: string) => screen.getByTestId(`field-${f}-input`) as HTMLInputElement;
  const error = (f: string) => screen.queryByTestId(`field-${f}-error`)?.textContent ?? null;
  const save = () => act(async () => fireEvent.click(screen.getByTestId('profile-save')));
  return { actions, input, error, save };
}

describe('profile edit form', () => {
  it('checks the nickname (2–16) and the birthday (18 or older, not in the future) as the player types', async () => {
    const f = setup();
    fireEvent.change(f.input('nickname'), { target: { value: ' x ' } });
    expect(f.error('nickname')).toBe('须为 2–16 个字符');
    fireEvent.change(f.input('birthday'), { target: { value: '2027-03-11' } });
    expect(f.error('birthday')).toBe('不能晚于今天');
    fireEvent.change(f.input('birthday'), { target: { value: '2009-03-11' } });
    expect(f.error('birthday')).toBe('须年满 18 周岁');
    await f.save();
    expect(f.actions.nickname).not.toHaveBeenCalled();
    expect(f.actions.birthday).not.toHaveBeenCalled();
  });

  it('sends only what changed: the nickname trimmed, the sex, and the birthday after a confirmation', async () => {
    const f = setup();
    fireEvent.change(f.input('nickname'), { target: { value: '  台球小王子 ' } });
    fireEvent.click(screen.getByRole('radio', { name: '女' }));
    fireEvent.change(f.input('birthday'), { target: { value: '2009-03-10' } });
    expect(f.error('birthday')).toBeNull();
    await f.save();
    expect(vi.mocked(confirmDialog).mock.calls.at(-1)?.[0].content).toBe('生日设置为 2009-03-10？设置后不能修改。');
    expect(f.actions.nickname).toHaveBeenCalledWith('台球小王子');
    expect(f.actions.sex).toHaveBeenCalledWith('female');
    expect(f.actions.birthday).toHaveBeenCalledWith('2009-03-10');
  });

  it('a birthday already set is shown locked with a note and never sent again', async () => {
    const f = setup({ ...demoUser, birthday: '1990-05-05' });
    expect(f.input('birthday').value).toBe('1990-05-05');
    expect(f.input('birthday').disabled).toBe(true);
    expect(screen.getByText('生日已设置，不能修改')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: '男' }));
    await f.save();
    expect(f.actions.sex).toHaveBeenCalledWith('male');
    expect(f.actions.birthday).not.toHaveBeenCalled();
    expect(f.actions.nickname).not.toHaveBeenCalled();
  });
});
