import type { RouteId } from './lib/paths';
import type { PageModule } from './routes';

/*
 * The pages of every route but /home (routes.ts keeps it). Kept out of the
 * start-up chunk: ~100 loaders there would cost the first load about a kilobyte and a half.
 * A later issue adds its pages here: one line per route.
 */
export const PAGES: Partial<Record<RouteId, () => Promise<PageModule>>> = {
  login: () => import('./features/auth/login-page'),
  register: () => import('./features/auth/register-page'),
  wangjipass: () => import('./features/auth/wangjipass-page'),
  newpass: () => import('./features/auth/newpass-page'),
  mobile: () => import('./features/auth/mobile-page'),
  user: () => import('./features/user/user-page'),
  taiqiu: () => import('./features/taiqiu/match-page'),
  details: () => import('./features/content/details-page'),
  game: () => import('./features/games/game-page'),
  taiqiuguize: () => import('./features/content/taiqiuguize-page'),
  touzhugiuze: () => import('./features/content/touzhugiuze-page'),
  touzhulogs: () => import('./features/bets/touzhulogs-page'),
  touzhuDetails: () => import('./features/bets/touzhu-details-page'),
  touzhutaiqiu: () => import('./features/bets/touzhutaiqiu-page'),
  chongzhi: () => import('./features/deposit/chongzhi-page'),
  cunkuanDetails: () => import('./features/deposit/cunkuan-details-page'),
  qukuan: () => import('./features/withdraw/qukuan-page'),
  qukuanDetails: () => import('./features/withdraw/qukuan-details-page'),
  account: () => import('./features/accounts/account-page'),
  bdusdt: () => import('./features/accounts/account-pages').then((m) => ({ default: m.BdusdtPage })),
  usdtadd: () => import('./features/accounts/account-pages').then((m) => ({ default: m.UsdtaddPage })),
  weixinqukuan: () => import('./features/accounts/account-pages').then((m) => ({ default: m.WeixinqukuanPage })),
  weixinadd: () => import('./features/accounts/account-pages').then((m) => ({ default: m.WeixinaddPage })),
  yhkqukuan: () => import('./features/accounts/account-pages').then((m) => ({ default: m.YhkqukuanPage })),
  yhkadd: () => import('./features/accounts/account-pages').then((m) => ({ default: m.YhkaddPage })),
  zfbqukuan: () => import('./features/accounts/account-pages').then((m) => ({ default: m.ZfbqukuanPage })),
  zfbadd: () => import('./features/accounts/account-pages').then((m) => ({ default: m.ZfbaddPage })),
  setting: () => import('./features/profile/setting-page'),
  gerenziliao: () => import('./features/profile/gerenziliao-page'),
  gerenxiugai: () => import('./features/profile/gerenxiugai-page'),
  zijinmingxi: () => import('./features/fund-details/zijinmingxi-page'),
  mingxiDetails: () => import('./features/fund-details/mingxi-details-page'),
  myMessage: () => import('./features/messages/my-message-page'),
  messageDetails: () => import('./features/messages/message-details-page'),
  fankui: () => import('./features/feedback/fankui-page'),
  bangzhu: () => import('./features/content/bangzhu-page'),
  guanyu: () => import('./features/content/guanyu-page'),
  shangwu: () => import('./features/content/shangwu-page'),
  gerenbaobiao: () => import('./features/report/gerenbaobiao-page'),
};
