import { describe, expect, it } from 'vitest';
import { PATHS } from './lib/paths';
import { isPlaceholder, routes } from './routes';

const PUBLIC = [
  '/:inviteCode?',
  '/home',
  '/login',
  '/register',
  '/wangjipass',
  '/newpass',
  '/taiqiuguize',
  '/taiqiu/:id',
  '/details/:id',
];
const TABS: Record<string, string> = {
  '/home': 'home',
  '/user/youhui': 'youhui',
  '/user/touzhulogs': 'touzhu',
  '/user/shishifanshui': 'fanshui',
  '/user': 'user',
};

describe('route table (SPEC §2)', () => {
  it('holds all 98 routes of SPEC and the game page: 60 player routes and 39 under /user/daili', () => {
    expect(routes).toHaveLength(99);
    expect(new Set(routes.map((r) => r.path)).size).toBe(99);
    expect(routes.filter((r) => r.path.startsWith('/user/daili/'))).toHaveLength(39);
    expect(routes.filter((r) => !r.path.startsWith('/user/daili/'))).toHaveLength(60);
    expect(Object.keys(PATHS)).toHaveLength(99);
  });

  it('contains the routes SPEC names, with their params', () => {
    const paths = routes.map((r) => r.path);
    for (const p of [
      '/:inviteCode?',
      '/user/touzhuDetails/:gameType',
      '/user/touzhutaiqiu/:gameType',
      '/user/daili/fanshuidetails/:date',
      '/user/daili/dailiDetails/:id',
      '/user/youhuiPG',
      '/user/bdusdt',
      '/newpass',
    ]) {
      expect(paths).toContain(p);
    }
  });

  it('SPEC meta: /home hides the top bar, tab home, public; /login and /register show it, public', () => {
    const by = (p: string) => routes.find((r) => r.path === p)!.meta;
    expect(by('/home')).toMatchObject({ topBar: false, tab: 'home', requireAuth: false });
    expect(by('/login')).toMatchObject({ topBar: true, requireAuth: false });
    expect(by('/register')).toMatchObject({ topBar: true, requireAuth: false });
    expect(by('/login').tab).toBeUndefined();
  });

  it('SCREENS improvement: every route under /user requires auth; only the listed routes are public', () => {
    for (const r of routes) {
      expect(r.meta.requireAuth, r.path).toBe(!PUBLIC.includes(r.path));
      if (r.path === '/user' || r.path.startsWith('/user/')) expect(r.meta.requireAuth, r.path).toBe(true);
    }
  });

  it('tab bar on exactly /home, /user/youhui, /user/touzhulogs, /user/shishifanshui, /user', () => {
    const withTab = Object.fromEntries(routes.filter((r) => r.meta.tab).map((r) => [r.path, r.meta.tab]));
    expect(withTab).toEqual(TABS);
  });

  it('every route has a title key, a top bar unless it has its own header, and a lazy page', () => {
    expect(routes.find((r) => r.path === '/game/:code')!.meta).toMatchObject({ topBar: false, requireAuth: true });
    for (const r of routes) {
      expect(r.meta.title).toBe(`title.${r.id}`);
      expect(typeof r.page).toBe('function');
      if (!['/home', '/user', '/:inviteCode?', '/game/:code'].includes(r.path))
        expect(r.meta.topBar, r.path).toBe(true);
    }
  });

  it('pages that exist (issues 2 and 3 among them); since issue 17 every route has its page', async () => {
    const placeholders = await Promise.all(routes.map(isPlaceholder));
    const real = routes.filter((_r, i) => !placeholders[i]).map((r) => r.path);
    const wallet = ['chongzhi', 'cunkuanDetails', 'qukuan', 'qukuanDetails', 'account', 'bdusdt', 'usdtadd'];
    const wallet2 = [
      'weixinqukuan',
      'weixinadd',
      'yhkqukuan',
      'yhkadd',
      'zfbqukuan',
      'zfbadd',
      'zijinmingxi',
      'mingxiDetails',
    ];
    // Pages of issues 2 and 3 (other issues add theirs alongside).
    expect(real).toEqual(
      expect.arrayContaining([
        '/:inviteCode?',
        '/home',
        '/login',
        '/register',
        '/user',
        ...[...wallet, ...wallet2].map((p) => `/user/${p}`),
        ...['bangzhu', 'guanyu', 'shangwu', 'gerenbaobiao'].map((p) => `/user/${p}`),
        // issue 14
        ...[
          'shishifanshui',
          'fanshuiguize',
          'fanshuilogs',
          'myVip',
          'vipDetails',
          'fuli',
          'lingjiang',
          'tiantianzhuan',
        ].map((p) => `/user/${p}`),
        // issue 15
        ...[
          'youhui',
          'youhuiDetails',
          'youhuiShouCun',
          'youhuiJiaZeng',
          'youhuiZhuDan',
          'youhuiTiKuan',
          'youhuiPG',
          'youhuiDanDai',
          'youhuiCanYu',
        ].map((p) => `/user/${p}`),
        // issue 16
        '/user/share',
        '/user/shareSetting',
        ...[
          'shouye',
          'user',
          'ssuser',
          'dailiDetails/:id',
          'zijinmingxi',
          'zhudanDetails',
          'youxizdxq',
          'kaihu',
          'addlianjie',
          'lianjieDetails',
          'chongzhi',
          'anquanpass',
          'chongzhipass',
          'wangjipass',
          'newpass',
          'mobile',
          'mingpianguanli',
        ].map((p) => `/user/daili/${p}`),
        // issue 17
        ...[
          'baobiao',
          'tuanduisy',
          'hlfybb',
          'fanshuidetails/:date',
          'hongliDetails/:date',
          'yongjinDetails/:date',
          'yxsy',
          'youxi',
          'youxishuying/:date',
          'useryouxi/:date',
          'jsybb',
          'userjsy/:date',
          'chongzhibb',
          'chongzhiDetails/:date',
          'qukuanDetails/:date',
          'shouchongDetails/:date',
          'chongtissf',
          'fenhongbb',
          'fenhongbili',
          'pingtaifenyong',
          'dezhoubaoxian',
          'numberTable',
        ].map((p) => `/user/daili/${p}`),
      ]),
    );
    // Issue 17: the agent reports; every route now has its page.
    expect(placeholders.filter(Boolean)).toHaveLength(0);
  });
});
