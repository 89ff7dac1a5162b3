import type { QueryClient } from '@tanstack/react-query';
import type { content, DataOf, promotions, SysConfig, taiqiu } from '@breakshot/contracts';
import { noticesQuery } from '../features/home/api/notice-list';
import { promotionBannersQuery } from '../features/home/api/promotion-banners';
import { readBootData } from '../lib/boot-data';
import { currentLanguage } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { sysConfigQuery } from '../lib/sys-config';

/**
 * The first screen's public data the server put into the page (apps/server platform/app-shell.ts),
 * each as its call answers it: the app shows it at once instead of asking for it after its code
 * has loaded (for page speed). Its queries then refresh it as they would a fetched answer.
 */
export interface BootData {
  lang: string;
  sys: SysConfig;
  home?: {
    banners: DataOf<typeof content.noticeList>;
    notices: DataOf<typeof content.noticeList>;
    promos: DataOf<typeof promotions.promotionBanners>['items'];
    /** The first page of matches, which the games' code seeds (features/home/boot.ts). */
    matches?: DataOf<typeof taiqiu.matches>;
  };
  /**
   * On a match's page: the match as a guest sees it and its tracker (the server renders the page
   * with them, src/ssr); the match page's module seeds them (features/taiqiu/boot.ts).
   */
  match?: taiqiu.MatchDetails;
  tracker?: taiqiu.TrackerView;
}

/**
 * Seeds the queries the boot data answers (the server sends it only when it is the app's API) and,
 * for texts, in the language the app shows; the server's render (src/ssr) seeds its own client.
 */
export function seedBootData(
  data: BootData | null = readBootData<BootData>(),
  client: QueryClient = queryClient,
): void {
  if (!data) return;
  client.setQueryData(sysConfigQuery().queryKey, data.sys);
  const lang = currentLanguage();
  if (!data.home || data.lang !== lang) return;
  client.setQueryData(noticesQuery('banner', lang).queryKey, data.home.banners);
  client.setQueryData(noticesQuery('notice', lang).queryKey, data.home.notices);
  client.setQueryData(promotionBannersQuery(lang).queryKey, data.home.promos);
}
