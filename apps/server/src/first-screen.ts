import { content, promotions, system, type Lang } from '@breakshot/contracts';
import { listNotices } from './modules/content/service.js';
import { promotionBanners } from './modules/promotions/service.js';
import { cachedSysConfig } from './modules/system/service.js';
import type { AppContext } from './platform/context.js';

/** The `data` of a call's answer, as the call's contract serializes it. */
const dataOf = <T>(call: { response: { parse: (v: unknown) => unknown } }, data: T) =>
  (call.response.parse({ code: 200, msg: '', data }) as { data: T }).data;

/**
 * The public data the player app's first screen at `path` shows, each part as its call answers it
 * (platform/app-shell.ts puts it into the page): the site config, and on /home the same pages of
 * banners, notices and promotion banners the home page asks for (apps/web/src/features/home/api).
 */
export async function firstScreenData(ctx: AppContext, path: string, lang: Lang) {
  const now = ctx.now();
  const sys = dataOf(system.getConfig, { sys: await cachedSysConfig(ctx.db, now) }).sys;
  if (path !== '/home') return { sys };
  const [banners, notices, promos] = await Promise.all([
    listNotices(ctx.db, { type: 'banner', page: 1, pageSize: 6 }, lang, now),
    listNotices(ctx.db, { type: 'notice', page: 1, pageSize: 10 }, lang, now),
    promotionBanners(ctx.db, lang, now),
  ]);
  return {
    sys,
    home: {
      banners: dataOf(content.noticeList, banners),
      notices: dataOf(content.noticeList, notices),
      promos: dataOf(promotions.promotionBanners, promos).items,
    },
  };
}
