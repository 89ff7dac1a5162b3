/**
 * Every route path of docs/spec.md §2, by id. The route table (src/routes.ts) maps ids to pages and meta;
 * features build links with `pathTo(id, params)` and never type paths as strings.
 */
export const PATHS = {
  invite: '/:inviteCode?',
  home: '/home',
  login: '/login',
  register: '/register',
  // General
  taiqiuguize: '/taiqiuguize',
  taiqiu: '/taiqiu/:id',
  details: '/details/:id',
  game: '/game/:code',
  // User centre
  user: '/user',
  setting: '/user/setting',
  bangzhu: '/user/bangzhu',
  chongzhi: '/user/chongzhi',
  fuli: '/user/fuli',
  gerenziliao: '/user/gerenziliao',
  gerenxiugai: '/user/gerenxiugai',
  shimingrenzheng: '/user/shimingrenzheng',
  share: '/user/share',
  shareSetting: '/user/shareSetting',
  tiantianzhuan: '/user/tiantianzhuan',
  lingjiang: '/user/lingjiang',
  qukuan: '/user/qukuan',
  shangwu: '/user/shangwu',
  shishifanshui: '/user/shishifanshui',
  fanshuiguize: '/user/fanshuiguize',
  fanshuilogs: '/user/fanshuilogs',
  touzhulogs: '/user/touzhulogs',
  touzhuDetails: '/user/touzhuDetails/:gameType',
  touzhutaiqiu: '/user/touzhutaiqiu/:gameType',
  myMessage: '/user/myMessage',
  messageDetails: '/user/messageDetails',
  account: '/user/account',
  mobile: '/user/mobile',
  // Withdrawal methods
  bdusdt: '/user/bdusdt',
  usdtadd: '/user/usdtadd',
  weixinqukuan: '/user/weixinqukuan',
  weixinadd: '/user/weixinadd',
  yhkqukuan: '/user/yhkqukuan',
  yhkadd: '/user/yhkadd',
  zfbqukuan: '/user/zfbqukuan',
  zfbadd: '/user/zfbadd',
  // More user pages
  fankui: '/user/fankui',
  zijinmingxi: '/user/zijinmingxi',
  mingxiDetails: '/user/mingxiDetails',
  vipDetails: '/user/vipDetails',
  myVip: '/user/myVip',
  touzhugiuze: '/user/touzhugiuze',
  guanyu: '/user/guanyu',
  qukuanDetails: '/user/qukuanDetails',
  cunkuanDetails: '/user/cunkuanDetails',
  gerenbaobiao: '/user/gerenbaobiao',
  // Promotions
  youhui: '/user/youhui',
  youhuiDetails: '/user/youhuiDetails',
  youhuiDanDai: '/user/youhuiDanDai',
  youhuiCanYu: '/user/youhuiCanYu',
  youhuiJiaZeng: '/user/youhuiJiaZeng',
  youhuiTiKuan: '/user/youhuiTiKuan',
  youhuiZhuDan: '/user/youhuiZhuDan',
  youhuiShouCun: '/user/youhuiShouCun',
  youhuiPG: '/user/youhuiPG',
  // Password recovery
  wangjipass: '/wangjipass',
  newpass: '/newpass',
  // Agent area
  dlShouye: '/user/daili/shouye',
  dlAnquanpass: '/user/daili/anquanpass',
  dlMingpianguanli: '/user/daili/mingpianguanli',
  dlMobile: '/user/daili/mobile',
  dlChongzhipass: '/user/daili/chongzhipass',
  dlWangjipass: '/user/daili/wangjipass',
  dlNewpass: '/user/daili/newpass',
  dlZijinmingxi: '/user/daili/zijinmingxi',
  dlHlfybb: '/user/daili/hlfybb',
  dlFanshuidetails: '/user/daili/fanshuidetails/:date',
  dlHongliDetails: '/user/daili/hongliDetails/:date',
  dlYongjinDetails: '/user/daili/yongjinDetails/:date',
  dlYxsy: '/user/daili/yxsy',
  dlSsuser: '/user/daili/ssuser',
  dlUser: '/user/daili/user',
  dlChongzhibb: '/user/daili/chongzhibb',
  dlQukuanDetails: '/user/daili/qukuanDetails/:date',
  dlChongzhi: '/user/daili/chongzhi',
  dlChongzhiDetails: '/user/daili/chongzhiDetails/:date',
  dlShouchongDetails: '/user/daili/shouchongDetails/:date',
  dlFenhongbb: '/user/daili/fenhongbb',
  dlChongtissf: '/user/daili/chongtissf',
  dlDezhoubaoxian: '/user/daili/dezhoubaoxian',
  dlFenhongbili: '/user/daili/fenhongbili',
  dlPingtaifenyong: '/user/daili/pingtaifenyong',
  dlYouxi: '/user/daili/youxi',
  dlYouxishuying: '/user/daili/youxishuying/:date',
  dlUseryouxi: '/user/daili/useryouxi/:date',
  dlJsybb: '/user/daili/jsybb',
  dlUserjsy: '/user/daili/userjsy/:date',
  dlNumberTable: '/user/daili/numberTable',
  dlTuanduisy: '/user/daili/tuanduisy',
  dlLianjieDetails: '/user/daili/lianjieDetails',
  dlDailiDetails: '/user/daili/dailiDetails/:id',
  dlZhudanDetails: '/user/daili/zhudanDetails',
  dlYouxizdxq: '/user/daili/youxizdxq',
  dlBaobiao: '/user/daili/baobiao',
  dlKaihu: '/user/daili/kaihu',
  dlAddlianjie: '/user/daili/addlianjie',
} as const;

export type RouteId = keyof typeof PATHS;

/** Fills `:params` of a route (optional ones may be left out) and appends an optional query. */
export function pathTo(
  id: RouteId,
  params: Record<string, string | number> = {},
  query?: Record<string, string | number | undefined>,
): string {
  let path: string = PATHS[id].replace(/\/:(\w+)(\?)?/g, (_m, name: string, optional?: string) => {
    const v = params[name];
    if (v === undefined || v === '') {
      if (optional) return '';
      throw new Error(`pathTo(${id}): missing param ${name}`);
    }
    return `/${encodeURIComponent(String(v))}`;
  });
  if (!path) path = '/';
  if (query) {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined) qs.set(k, String(v));
    const s = qs.toString();
    if (s) path += `?${s}`;
  }
  return path;
}

/** Only same-site paths are accepted as a post-login destination. */
export function safeRedirect(target: string | null | undefined): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/login')) return null;
  return target;
}
