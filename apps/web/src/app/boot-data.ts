import type { content, DataOf, promotions, SysConfig } from '@breakshot/contracts';
import { noticesQuery } from '../features/home/api/notice-list';
import { promotionBannersQuery } from '../features/home/api/promotion-banners';
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
  };
}

/** The page's boot data, if it has some (a page served by another server has none). */
export function readBootData(doc: Document = document): BootData | null {
  const text = doc.getElementById('boot-data')?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as BootData;
  } catch {
    return null;
  }
}

/**
 * Seeds the queries the boot data answers (the server sends it only when it is the app's API) and,
 * for texts, in the language the app shows.
 */
export function seedBootData(data: BootData | null = readBootData()): void {
  if (!data) return;
  queryClient.setQueryData(sysConfigQuery().queryKey, data.sys);
  const lang = currentLanguage();
  if (!data.home || data.lang !== lang) return;
  queryClient.setQueryData(noticesQuery('banner', lang).queryKey, data.home.banners);
  queryClient.setQueryData(noticesQuery('notice', lang).queryKey, data.home.notices);
  queryClient.setQueryData(promotionBannersQuery(lang).queryKey, data.home.promos);
}
