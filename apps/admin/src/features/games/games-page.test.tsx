import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../lib/session';
import { fakeApi, page, consoleFakes } from '../../test/fake-api';
import { logIn, renderApp, sessionOf } from '../../test/render';

const PEM = '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8A\nAQAB\n-----END PUBLIC KEY-----';
const OUR_PEM = '-----BEGIN PUBLIC KEY-----\nOURKEYOURKEY\n-----END PUBLIC KEY-----\n';
const demo = {
  id: 'demo',
  name: '演示供应商',
  enabled: true,
  gameTypes: ['slots', 'poker'],
  publicKey: PEM,
  launchUrl: 'https://demo.example.com/launch',
  games: 2,
  createdAt: '2026-11-20T08:00:00Z',
};
const slot = {
  code: 'demo-fruit',
  providerId: 'demo',
  name: '水果机',
  nameEn: 'Fruit Slot',
  gameType: 'slots',
  image: '',
  enabled: false,
  sort: 10,
  maxWinMultiple: null,
};
const bet = {
  transactionUuid: '5d0b6f3e-0000-4000-8000-000000000001',
  providerId: 'demo',
  kind: 'bet',
  username: 'alice01',
  gameCode: 'demo-fruit',
  round: 'R-77',
  amount: 1250,
  heldAmount: 0,
  status: 'RS_OK',
  betNo: 'B20261120001',
  createdAt: '2026-11-20T08:30:00Z',
};

function fake(role: Role, providers = [demo]) {
  return fakeApi({
    ...consoleFakes(role),
    '/games/providers': () => ({
      data: { items: providers, operatorPublicKey: OUR_PEM, defaultMaxWinMultiple: 5000 },
    }),
    '/games/win-limit': (b) => ({ data: { defaultMaxWinMultiple: b.maxWinMultiple } }),
    '/games/provider/save': (b) => ({ data: { ...demo, ...b, enabled: true, games: 0 } }),
    '/games/provider/enable': (b) => ({ data: { ...demo, enabled: b.enabled } }),
    '/games/list': () => page([slot]),
    '/games/game/save': (b) => ({ data: { ...slot, ...b } }),
    '/games/game/enable': (b) => ({ data: { ...slot, enabled: b.enabled } }),
    '/games/transactions': () => page([bet]),
  });
}

describe('games and providers', () => {
  it('lists the providers with our public key, and adds one with a multi-line PEM', async () => {
    logIn(sessionOf('admin'));
    const api = fake('admin');
    renderApp('/games');
    expect(await screen.findByText('演示供应商')).toBeTruthy();
    expect(screen.getByText('https://demo.example.com/launch')).toBeTruthy();
    expect(screen.getByText('电子')).toBeTruthy();
    expect(screen.getByText('棋牌')).toBeTruthy();
    expect(screen.getByTestId('our-public-key').textContent).toBe(OUR_PEM);

    fireEvent.click(screen.getByRole('button', { name: /添加供应商/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('供应商 ID'), { target: { value: 'Acme' } });
    fireEvent.change(within(dialog).getByLabelText('名称'), { target: { value: 'Acme Games' } });
    fireEvent.click(within(dialog).getByLabelText('棋牌'));
    fireEvent.change(within(dialog).getByLabelText('启动地址'), { target: { value: 'https://acme.test/play' } });
    fireEvent.change(within(dialog).getByLabelText('供应商公钥（PEM）'), { target: { value: PEM } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('只能用小写字母、数字、- 和 _')).toBeTruthy();
    expect(api.count('/games/provider/save')).toBe(0);

    // An id in use would overwrite that provider; the launch URL follows the server's rule.
    fireEvent.change(within(dialog).getByLabelText('供应商 ID'), { target: { value: 'demo' } });
    fireEvent.change(within(dialog).getByLabelText('启动地址'), { target: { value: 'ftp://acme.test/play' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('已有此 ID 的供应商：请换一个 ID，或在列表中编辑它')).toBeTruthy();
    expect(
      await within(dialog).findByText('请填写 http:// 或 https:// 开头的地址，或以 / 开头的本站路径'),
    ).toBeTruthy();
    expect(api.count('/games/provider/save')).toBe(0);

    fireEvent.change(within(dialog).getByLabelText('供应商 ID'), { target: { value: 'acme' } });
    fireEvent.change(within(dialog).getByLabelText('启动地址'), { target: { value: 'https://acme.test/play' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(api.count('/games/provider/save')).toBe(1));
    expect(api.last('/games/provider/save')!.body).toEqual({
      id: 'acme',
      name: 'Acme Games',
      gameTypes: ['slots', 'poker'],
      launchUrl: 'https://acme.test/play',
      publicKey: PEM,
    });
    expect(await screen.findByText('已保存供应商 Acme Games')).toBeTruthy();
  });

  it('asks before switching a provider off, and sends nothing when cancelled', async () => {
    logIn(sessionOf('admin'));
    const api = fake('admin');
    renderApp('/games');
    const sw = await screen.findByRole('switch', { name: '启用 演示供应商' });
    fireEvent.click(sw);
    const asked = await screen.findByRole('dialog');
    expect(asked.textContent).toContain('停用供应商 演示供应商？');
    expect(asked.textContent).toContain('RS_ERROR_INVALID_PARTNER');
    fireEvent.click(within(asked).getByRole('button', { name: /取\s*消|Cancel/ }));

    fireEvent.click(sw);
    await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(2));
    fireEvent.click(within(screen.getAllByRole('dialog').at(-1)!).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(api.count('/games/provider/enable')).toBe(1));
    expect(api.last('/games/provider/enable')!.body).toEqual({ id: 'demo', enabled: false });
    expect(await screen.findByText('已停用供应商 演示供应商')).toBeTruthy();
  });

  it('risk switches a game on and filters by provider, but may not change providers or the catalogue', async () => {
    logIn(sessionOf('risk'));
    const api = fake('risk');
    renderApp('/games');
    const providerSwitch = await screen.findByRole('switch', { name: '启用 演示供应商' });
    expect(providerSwitch.hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: /添加供应商/ })).toBeNull();
    expect(screen.queryByRole('button', { name: '编辑 演示供应商' })).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: '游戏' }));
    fireEvent.click(await screen.findByRole('switch', { name: '启用 水果机' }));
    await waitFor(() => expect(api.last('/games/game/enable')?.body).toEqual({ code: 'demo-fruit', enabled: true }));
    expect(await screen.findByText('已上架 水果机')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /添加游戏/ })).toBeNull();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: '供应商' }));
    fireEvent.click(await screen.findByTitle('演示供应商'));
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(api.last('/games/list')?.body).toMatchObject({ providerId: 'demo', page: 1 }));
  });

  it('admin edits a game: its code stays, the rest is sent as typed; a switched-off provider is shown', async () => {
    logIn(sessionOf('admin'));
    const api = fake('admin', [{ ...demo, enabled: false }]);
    renderApp('/games');
    fireEvent.click(await screen.findByRole('tab', { name: '游戏' }));
    expect(await screen.findByText('供应商已停用')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: '编辑 水果机' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('游戏代码').hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('中文名'), { target: { value: '水果机 2' } });
    fireEvent.change(within(dialog).getByLabelText('排序'), { target: { value: '3' } });
    fireEvent.change(within(dialog).getByLabelText('图片地址'), { target: { value: '/games/fruit.png' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(api.count('/games/game/save')).toBe(1));
    expect(api.last('/games/game/save')!.body).toEqual({
      code: 'demo-fruit',
      providerId: 'demo',
      name: '水果机 2',
      nameEn: 'Fruit Slot',
      gameType: 'slots',
      image: '/games/fruit.png',
      sort: 3,
      maxWinMultiple: null,
    });
  });

  it('admin gives a game its own win limit and changes the default of the others', async () => {
    logIn(sessionOf('admin'));
    const api = fake('admin');
    renderApp('/games');
    expect((await screen.findByTestId('default-win-limit')).textContent).toBe('5,000×');
    fireEvent.click(screen.getByRole('button', { name: /修改默认倍数/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('倍数（1–1,000,000）'), { target: { value: '2000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(api.last('/games/win-limit')?.body).toEqual({ maxWinMultiple: 2000 }));
    expect(await screen.findByText('默认派彩上限已改为 2,000×')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: '游戏' }));
    const row = (await screen.findByText('水果机')).closest('tr')!;
    expect(within(row).getByText('默认 5,000×')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: '编辑 水果机' }));
    const form = (await screen.findAllByRole('dialog')).at(-1)!;
    fireEvent.change(within(form).getByLabelText('派彩上限（本局投注的倍数）'), { target: { value: '800' } });
    fireEvent.click(within(form).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(api.last('/games/game/save')?.body).toMatchObject({ maxWinMultiple: 800 }));
  });

  it('admin adds a game: a code already in the catalogue is refused, a new one saved', async () => {
    logIn(sessionOf('admin'));
    const api = fake('admin');
    renderApp('/games');
    fireEvent.click(await screen.findByRole('tab', { name: '游戏' }));
    expect(await screen.findByText('水果机')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /添加游戏/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('游戏代码'), { target: { value: 'demo-fruit' } });
    fireEvent.change(within(dialog).getByLabelText('中文名'), { target: { value: '淘金热' } });
    fireEvent.change(within(dialog).getByLabelText('英文名'), { target: { value: 'Gold Rush' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('目录中已有此游戏代码：请在列表中编辑它')).toBeTruthy();
    expect(api.count('/games/game/save')).toBe(0);

    fireEvent.change(within(dialog).getByLabelText('游戏代码'), { target: { value: 'gold-rush' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(api.count('/games/game/save')).toBe(1));
    expect(api.last('/games/game/save')!.body).toMatchObject({ code: 'gold-rush', name: '淘金热', providerId: 'demo' });
  });

  it("shows a player's wallet calls", async () => {
    logIn(sessionOf('risk'));
    const api = fake('risk');
    renderApp('/games');
    fireEvent.click(await screen.findByRole('tab', { name: '钱包流水' }));
    fireEvent.change(await screen.findByLabelText('玩家'), { target: { value: 'alice01' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(api.last('/games/transactions')?.body).toMatchObject({ username: 'alice01' }));
    const row = (await screen.findByText('R-77')).closest('tr')!;
    expect(within(row).getByText('下注')).toBeTruthy();
    expect(within(row).getByText('¥12.50')).toBeTruthy();
    expect(within(row).getByText('RS_OK')).toBeTruthy();
    expect(within(row).getByText('B20261120001')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'alice01' }).getAttribute('href')).toBe('/players/alice01');
  });
});
