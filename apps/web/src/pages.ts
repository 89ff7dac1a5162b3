import type { ComponentType } from 'react';
import type { RouteId } from './lib/paths';
import type { PageModule } from './routes';

/** The routes whose page routes.ts loads itself (START_PAGES). */
export type StartPageId = 'invite' | 'home' | 'user';

/** A page's module under src/ (no extension), and its export when that is not the default one. */
export type PageSource = string | readonly [module: string, name: string];

/** The module of a page's source, as Vite's build manifest names it (the server links its styles so). */
export const moduleOf = (source: PageSource) => `src/${typeof source === 'string' ? source : source[0]}.tsx`;

/** The start pages' modules: what routes.ts's START_PAGES loads, as data (routes.test.ts holds them equal). */
export const START_SOURCES: Record<StartPageId, string> = {
  invite: 'features/invite/invite-redirect-page',
  home: 'features/home/home-page',
  user: 'features/user/user-page',
};

/*
 * The pages of every route but /home, /user and the invite redirect (routes.ts keeps them). Kept
 * out of the start-up chunk: ~100 loaders there would cost the first load about a kilobyte and a half.
 * Every other route has its line here (the type requires it): a new route adds its page here. The
 * table is data (the server renders a route from its module's styles: src/ssr); the modules are
 * found by PAGE_FILES, each a chunk of its own.
 */
export const PAGE_SOURCES: Record<Exclude<RouteId, StartPageId>, PageSource> = {
  login: 'features/auth/login-page',
  register: 'features/auth/register-page',
  wangjipass: 'features/auth/wangjipass-page',
  newpass: 'features/auth/newpass-page',
  mobile: 'features/auth/mobile-page',
  taiqiu: 'features/taiqiu/match-page',
  details: 'features/content/details-page',
  game: 'features/games/game-page',
  taiqiuguize: 'features/content/taiqiuguize-page',
  touzhugiuze: 'features/content/touzhugiuze-page',
  touzhulogs: 'features/bets/touzhulogs-page',
  touzhuDetails: 'features/bets/touzhu-details-page',
  touzhutaiqiu: 'features/bets/touzhutaiqiu-page',
  chongzhi: 'features/deposit/chongzhi-page',
  cunkuanDetails: 'features/deposit/cunkuan-details-page',
  qukuan: 'features/withdraw/qukuan-page',
  qukuanDetails: 'features/withdraw/qukuan-details-page',
  account: 'features/accounts/account-page',
  bdusdt: ['features/accounts/account-pages', 'BdusdtPage'],
  usdtadd: ['features/accounts/account-pages', 'UsdtaddPage'],
  weixinqukuan: ['features/accounts/account-pages', 'WeixinqukuanPage'],
  weixinadd: ['features/accounts/account-pages', 'WeixinaddPage'],
  yhkqukuan: ['features/accounts/account-pages', 'YhkqukuanPage'],
  yhkadd: ['features/accounts/account-pages', 'YhkaddPage'],
  zfbqukuan: ['features/accounts/account-pages', 'ZfbqukuanPage'],
  zfbadd: ['features/accounts/account-pages', 'ZfbaddPage'],
  setting: 'features/profile/setting-page',
  gerenziliao: 'features/profile/gerenziliao-page',
  gerenxiugai: 'features/profile/gerenxiugai-page',
  shimingrenzheng: 'features/kyc/shimingrenzheng-page',
  zijinmingxi: 'features/fund-details/zijinmingxi-page',
  mingxiDetails: 'features/fund-details/mingxi-details-page',
  myMessage: 'features/messages/my-message-page',
  messageDetails: 'features/messages/message-details-page',
  fankui: 'features/feedback/fankui-page',
  bangzhu: 'features/content/bangzhu-page',
  guanyu: 'features/content/guanyu-page',
  shangwu: 'features/content/shangwu-page',
  gerenbaobiao: 'features/report/gerenbaobiao-page',
  shishifanshui: 'features/rebates/shishifanshui-page',
  fanshuiguize: 'features/rebates/fanshuiguize-page',
  fanshuilogs: 'features/rebates/fanshuilogs-page',
  myVip: 'features/vip/my-vip-page',
  vipDetails: 'features/vip/vip-details-page',
  fuli: 'features/welfare/fuli-page',
  lingjiang: 'features/welfare/lingjiang-page',
  tiantianzhuan: 'features/welfare/tiantianzhuan-page',
  youhui: 'features/promotions/youhui-page',
  youhuiDetails: 'features/promotions/details-page',
  youhuiShouCun: ['features/promotions/type-pages', 'ShouCunPage'],
  youhuiJiaZeng: ['features/promotions/type-pages', 'JiaZengPage'],
  youhuiZhuDan: ['features/promotions/type-pages', 'ZhuDanPage'],
  youhuiTiKuan: ['features/promotions/type-pages', 'TiKuanPage'],
  youhuiPG: ['features/promotions/type-pages', 'PgPage'],
  youhuiDanDai: ['features/promotions/type-pages', 'DanDaiPage'],
  youhuiCanYu: 'features/promotions/canyu-page',
  share: 'features/share/share-page',
  shareSetting: 'features/share/share-setting-page',
  dlShouye: 'features/agent/home/agent-home-page',
  dlUser: 'features/agent/team/direct-members-page',
  dlSsuser: 'features/agent/team/member-search-page',
  dlDailiDetails: 'features/agent/team/member-details-page',
  dlZijinmingxi: ['features/agent/team/records-pages', 'MemberFundsPage'],
  dlZhudanDetails: ['features/agent/team/records-pages', 'MemberBetsPage'],
  dlYouxizdxq: ['features/agent/team/records-pages', 'MemberBetPage'],
  dlKaihu: 'features/agent/team/open-account-page',
  dlAddlianjie: 'features/agent/links/new-link-page',
  dlLianjieDetails: 'features/agent/links/links-page',
  dlChongzhi: 'features/agent/team/member-transfer-page',
  dlAnquanpass: ['features/agent/passwords/pages', 'SecurityPasswordPage'],
  dlChongzhipass: ['features/agent/passwords/pages', 'RechargePasswordPage'],
  dlWangjipass: ['features/agent/passwords/pages', 'SecurityResetPage'],
  dlNewpass: ['features/agent/passwords/pages', 'RechargeResetPage'],
  dlMobile: 'features/auth/mobile-page',
  dlMingpianguanli: 'features/agent/home/card-page',
  dlBaobiao: 'features/agent/reports/report-centre-page',
  dlTuanduisy: ['features/agent/reports/pages', 'TeamEarningsPage'],
  dlHlfybb: ['features/agent/reports/pages', 'CostsReportPage'],
  dlYxsy: ['features/agent/reports/pages', 'GameIncomePage'],
  dlYouxi: ['features/agent/reports/pages', 'GamesReportPage'],
  dlJsybb: ['features/agent/reports/pages', 'NetWinLossReportPage'],
  dlChongzhibb: ['features/agent/reports/pages', 'CashReportPage'],
  dlChongtissf: ['features/agent/reports/pages', 'CashFeesPage'],
  dlFenhongbb: ['features/agent/reports/pages', 'DividendReportPage'],
  dlDezhoubaoxian: ['features/agent/reports/pages', 'PokerInsurancePage'],
  dlNumberTable: ['features/agent/reports/pages', 'HeadcountReportPage'],
  dlFanshuidetails: ['features/agent/reports/pages', 'RebateDayPage'],
  dlHongliDetails: ['features/agent/reports/pages', 'BonusDayPage'],
  dlYongjinDetails: ['features/agent/reports/pages', 'CommissionDayPage'],
  dlYouxishuying: ['features/agent/reports/pages', 'GameWinLossDayPage'],
  dlUseryouxi: ['features/agent/reports/pages', 'MemberGamesDayPage'],
  dlUserjsy: ['features/agent/reports/pages', 'MemberNetWinLossDayPage'],
  dlChongzhiDetails: ['features/agent/reports/pages', 'DepositDayPage'],
  dlQukuanDetails: ['features/agent/reports/pages', 'WithdrawalDayPage'],
  dlShouchongDetails: ['features/agent/reports/pages', 'FirstDepositDayPage'],
  dlFenhongbili: 'features/agent/reports/dividend-ratios-page',
  dlPingtaifenyong: 'features/agent/reports/platform-rates-page',
};

/** The source of any route's page: a start page's or the table's. */
export const sourceOf = (id: RouteId): PageSource =>
  id in START_SOURCES ? START_SOURCES[id as StartPageId] : PAGE_SOURCES[id as Exclude<RouteId, StartPageId>];

/**
 * The page modules, each loaded on first use. A file matched here and named by no route would be a
 * chunk of its own for nothing: the patterns leave out the pages' shared parts and the start pages
 * (routes.test.ts holds the two lists equal).
 */
export const PAGE_FILES = import.meta.glob<Record<string, ComponentType>>([
  './features/**/*-page.tsx',
  './features/**/*-pages.tsx',
  './features/**/pages.tsx',
  '!./features/home/**',
  '!./features/user/**',
  '!./features/invite/**',
  '!./features/placeholder/**',
  '!./features/agent/reports/day-detail-page.tsx',
  '!./features/agent/reports/report-page.tsx',
  '!./features/content/content-page.tsx',
]);

/** A page's module loaded, its page as the default export. */
async function loadPage(source: PageSource): Promise<PageModule> {
  const [module, name] = typeof source === 'string' ? [source, 'default'] : source;
  const load = PAGE_FILES[`./${module}.tsx`];
  if (!load) throw new Error(`no page module ${module}`);
  return { default: (await load())[name]! };
}

export const PAGES = Object.fromEntries(
  Object.entries(PAGE_SOURCES).map(([id, source]) => [id, () => loadPage(source)]),
) as Record<Exclude<RouteId, StartPageId>, () => Promise<PageModule>>;
