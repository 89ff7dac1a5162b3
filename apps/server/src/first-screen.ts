import { content, ErrorCode, promotions, system, taiqiu, type Lang } from '@breakshot/contracts';
import { HOME_MATCHES_ASKED } from '@breakshot/contracts/first-screen';
import { getContentPage, listNotices, noticeDetails } from './modules/content/service.js';
import { promotionBanners } from './modules/promotions/service.js';
import { cachedSysConfig } from './modules/system/service.js';
import { trackerOf } from './modules/taiqiu/tracker.js';
import { listMatches, matchDetails } from './modules/taiqiu/views.js';
import type { AppContext } from './platform/context.js';
import { AppError } from './platform/errors.js';

/** The `data` of a call's answer, as the call's contract serializes it. */
const dataOf = <T>(call: { response: { parse: (v: unknown) => unknown } }, data: T) =>
  (call.response.parse({ code: 200, msg: '', data }) as { data: T }).data;

/**
 * The public data the player app's first screen at `path` shows, each part as its call answers it
 * (platform/app-shell.ts puts it into the page): the site config; on /home the same pages of
 * banners, notices, promotion banners and matches the home page asks for (apps/web/src/features/home/api);
 * on a match's page the match as a guest sees it; on a rule page or an announcement's its text (the
 * pages are rendered with it: apps/web/src/ssr).
 */
export async function firstScreenData(ctx: AppContext, path: string, lang: Lang) {
  const now = ctx.now();
  const sys = dataOf(system.getConfig, { sys: await cachedSysConfig(ctx.db, now) }).sys;
  const matchId = MATCH_PAGE.exec(path)?.[1];
  if (matchId !== undefined) return { sys, ...(await matchPage(ctx, Number(matchId), lang)) };
  const noticeId = Number(NOTICE_PAGE.exec(path)?.[1]);
  if (Number.isSafeInteger(noticeId)) {
    const notice = await unlessNotFound(noticeDetails(ctx.db, noticeId, lang, now));
    return notice ? { sys, notice: dataOf(content.noticeDetails, notice) } : { sys };
  }
  const contentKey = CONTENT_PAGES.get(path);
  if (contentKey !== undefined) {
    const page = await unlessNotFound(getContentPage(ctx.db, contentKey, lang));
    return page ? { sys, content: dataOf(content.contentGet, page) } : { sys };
  }
  if (path !== '/home') return { sys };
  const [banners, notices, promos, matches] = await Promise.all([
    listNotices(ctx.db, { type: 'banner', page: 1, pageSize: 6 }, lang, now),
    listNotices(ctx.db, { type: 'notice', page: 1, pageSize: 10 }, lang, now),
    promotionBanners(ctx.db, lang, now),
    listMatches(ctx.db, { page: 1, pageSize: HOME_MATCHES_ASKED }, null),
  ]);
  return {
    sys,
    home: {
      banners: dataOf(content.noticeList, banners),
      notices: dataOf(content.noticeList, notices),
      promos: dataOf(promotions.promotionBanners, promos).items,
      matches: dataOf(taiqiu.matches, matches),
    },
  };
}

/** /taiqiu/{id}, the match page (apps/web/src/routes.ts). */
const MATCH_PAGE = /^\/taiqiu\/([1-9]\d{0,15})$/;
/** /details/{id}, an announcement or banner's article. */
const NOTICE_PAGE = /^\/details\/([1-9]\d{0,15})$/;
/** The public rule pages and the content each shows (apps/web features/content). */
const CONTENT_PAGES: ReadonlyMap<string, string> = new Map([['/taiqiuguize', 'taiqiu_rules']]);

/** What `answer` gives, or null when it is not found (the page then says so itself). */
async function unlessNotFound<T>(answer: Promise<T>): Promise<T | null> {
  return answer.catch((err: unknown) => {
    if (err instanceof AppError && err.code === ErrorCode.NOT_FOUND) return null;
    throw err;
  });
}

/**
 * The match as its call answers a guest, and its tracker's history (drawn in the page, so the page
 * does not grow once the tracker has read it); nothing when there is no such match (the page says so).
 */
async function matchPage(ctx: AppContext, id: number, lang: Lang) {
  if (!Number.isSafeInteger(id)) return {};
  const details = await unlessNotFound(matchDetails(ctx.db, id, lang, null));
  if (!details) return {};
  return { match: dataOf(taiqiu.match, details), tracker: dataOf(taiqiu.tracker, await trackerOf(ctx.db, id)) };
}
