import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { system } from '@breakshot/contracts';
import { describe, expect, it } from 'vitest';
import { fakeApi, consoleFakes } from '../../test/fake-api';
import { logIn, renderApp, sessionOf } from '../../test/render';

const rules = {
  key: 'taiqiu_rules',
  lang: 'zh-CN',
  group: 'rules',
  category: null,
  sort: 0,
  title: '台球规则',
  body: '<p>旧规则</p>',
  updatedAt: '2026-11-20T10:00:00Z',
};

const help = {
  key: 'help_deposit_how',
  lang: 'zh-CN',
  group: 'help',
  category: 'deposit',
  sort: 10,
  title: '如何充值？',
  body: '<p>选择方式</p>',
  updatedAt: '2026-11-20T10:00:00Z',
};
const contact = { email: '', phone: '', telegram: '@bd', wechat: 'bd_wx', qq: '' };

describe('rule, help and about pages', () => {
  it('edits a page keeping its key and language, and makes a new one', async () => {
    logIn(sessionOf('content'));
    const api = fakeApi({
      ...consoleFakes('content', 'c'),
      '/content/pages': () => ({ data: { list: [rules, help] } }),
      '/content/pages/save': (b) => ({ data: { ...rules, ...b, updatedAt: '2026-11-23T10:00:00Z' } }),
      '/site/contact': () => ({ data: contact }),
      '/site/contact/save': (b) => ({ data: { ...system.NO_CONTACT, ...b } }),
      '/site/service': () => ({ data: { serviceUrl: '' } }),
    });
    renderApp('/pages');
    await screen.findByText('台球规则');
    fireEvent.click(screen.getAllByRole('button', { name: /编\s*辑/ })[0]!);
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('页面标识') as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('正文（HTML）'), { target: { value: '<p>新规则</p>' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(api.count('/content/pages/save')).toBe(1));
    expect(api.last('/content/pages/save')!.body).toEqual({
      key: 'taiqiu_rules',
      lang: 'zh-CN',
      group: 'rules',
      sort: 0,
      title: '台球规则',
      body: '<p>新规则</p>',
    });
    expect(await screen.findByText('页面已保存，玩家端即时生效')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /新建页面/ }));
    const fresh = await screen.findByRole('dialog');
    fireEvent.change(within(fresh).getByLabelText('页面标识'), { target: { value: 'Bad-Key' } });
    fireEvent.change(within(fresh).getByLabelText('标题'), { target: { value: '存款说明' } });
    fireEvent.change(within(fresh).getByLabelText('正文（HTML）'), { target: { value: '<p>说明</p>' } });
    fireEvent.click(within(fresh).getByRole('button', { name: /保\s*存/ }));
    expect(await within(fresh).findByText('格式不正确')).toBeTruthy();
    expect(api.count('/content/pages/save')).toBe(1);
    fireEvent.change(within(fresh).getByLabelText('页面标识'), { target: { value: 'deposit_help' } });
    fireEvent.click(within(fresh).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(api.count('/content/pages/save')).toBe(2));
    expect(api.last('/content/pages/save')!.body).toMatchObject({ key: 'deposit_help', lang: 'zh-CN' });
  });

  it('a help entry is saved with its category; the groups filter the table; the contact is saved', async () => {
    logIn(sessionOf('content'));
    const api = fakeApi({
      ...consoleFakes('content', 'c'),
      '/content/pages': () => ({ data: { list: [rules, help] } }),
      '/content/pages/save': (b) => ({ data: { ...help, ...b, updatedAt: '2026-11-23T10:00:00Z' } }),
      '/site/contact': () => ({ data: contact }),
      '/site/contact/save': (b) => ({ data: { ...system.NO_CONTACT, ...b } }),
      '/site/service': () => ({ data: { serviceUrl: '' } }),
    });
    renderApp('/pages');
    await screen.findByText('如何充值？');
    fireEvent.click(screen.getByText('帮助中心', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(screen.queryByText('台球规则')).toBeNull());
    expect(screen.getByText('充值', { selector: '.ant-tag' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog');
    // The modal's form is filled once it has opened: change the title only after that.
    const title = await within(dialog).findByLabelText('标题（帮助中心为问题）');
    await waitFor(() => expect(title).toHaveProperty('value', '如何充值？'));
    fireEvent.change(title, { target: { value: '怎样充值？' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(api.count('/content/pages/save')).toBe(1));
    expect(api.last('/content/pages/save')!.body).toEqual({
      key: 'help_deposit_how',
      lang: 'zh-CN',
      group: 'help',
      category: 'deposit',
      sort: 10,
      title: '怎样充值？',
      body: '<p>选择方式</p>',
    });

    const card = screen.getByTestId('contact-card');
    await waitFor(() => expect((within(card).getByLabelText('微信') as HTMLInputElement).value).toBe('bd_wx'));
    fireEvent.change(within(card).getByLabelText('邮箱'), { target: { value: 'not-mail' } });
    fireEvent.click(within(card).getByRole('button', { name: /保\s*存/ }));
    expect(await within(card).findByText('邮箱格式不正确')).toBeTruthy();
    expect(api.count('/site/contact/save')).toBe(0);
    fireEvent.change(within(card).getByLabelText('邮箱'), { target: { value: 'bd@example.com' } });
    fireEvent.click(within(card).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(api.count('/site/contact/save')).toBe(1));
    // Empty fields are left out (the server reads them as not offered).
    expect(api.last('/site/contact/save')!.body).toEqual({ email: 'bd@example.com', telegram: '@bd', wechat: 'bd_wx' });
  });

  it('the customer-service link: an http address elsewhere than this machine is refused, an https one saved, an empty one clears', async () => {
    logIn(sessionOf('content'));
    let serviceUrl = '';
    const api = fakeApi({
      ...consoleFakes('content', 'c'),
      '/content/pages': () => ({ data: { list: [rules] } }),
      '/site/contact': () => ({ data: contact }),
      '/site/service': () => ({ data: { serviceUrl } }),
      '/site/service/save': (b) => {
        serviceUrl = (b.serviceUrl as string | undefined) ?? '';
        return { data: { serviceUrl } };
      },
    });
    renderApp('/pages');
    const card = await screen.findByTestId('service-card');
    expect(await within(card).findByText('未设置：玩家端不显示入口')).toBeTruthy();
    const field = within(card).getByLabelText('链接');
    const save = () => fireEvent.click(within(card).getByRole('button', { name: /保\s*存/ }));
    fireEvent.change(field, { target: { value: 'http://chat.example.com' } });
    save();
    expect(await within(card).findByText('须为 https:// 开头的链接（http 仅限本机 localhost）')).toBeTruthy();
    expect(api.count('/site/service/save')).toBe(0);

    fireEvent.change(field, { target: { value: 'https://chat.example.com/room' } });
    save();
    await waitFor(() => expect(api.count('/site/service/save')).toBe(1));
    expect(api.last('/site/service/save')!.body).toEqual({ serviceUrl: 'https://chat.example.com/room' });
    expect(await within(card).findByText('玩家端已显示入口')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'https://chat.example.com/room' }).getAttribute('href')).toBe(
      'https://chat.example.com/room',
    );

    fireEvent.change(field, { target: { value: '' } });
    save();
    await waitFor(() => expect(api.count('/site/service/save')).toBe(2));
    // Empty is left out of what is sent: the server reads it as none.
    expect(api.last('/site/service/save')!.body).toEqual({});
    expect(await within(card).findByText('未设置：玩家端不显示入口')).toBeTruthy();
  });

  it('finance has no rule pages: no menu entry, and the address answers 403', async () => {
    logIn(sessionOf('finance'));
    fakeApi({
      ...consoleFakes('finance', 'f'),
      '/dashboard': () => ({ data: null }),
    });
    renderApp('/pages');
    expect(await screen.findByText('403')).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: /规则页面/ })).toBeNull();
  });
});
