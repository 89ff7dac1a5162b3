import type { content, DataOf } from '@breakshot/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { currentLanguage } from '../../lib/i18n';
import { contentQuery } from './api/content-get';
import { noticeDetailsQuery } from './api/notice-details';

/** The content pages' part of the page's boot data (app/boot-data.ts). */
export interface ContentBoot {
  lang: string;
  /** A rule page's (/taiqiuguize). */
  content?: DataOf<typeof content.contentGet>;
  /** An announcement's (/details/{id}). */
  notice?: DataOf<typeof content.noticeDetails>;
}

/**
 * Seeds the page's query with the text the server rendered it from (src/ssr), so the app's first
 * render is the server's: kept with the content pages' lazy code, not at start-up.
 */
export function seedContentBoot(data: ContentBoot | null, client: QueryClient): void {
  if (!data || data.lang !== currentLanguage()) return;
  if (data.content) client.setQueryData(contentQuery(data.content.key, data.lang).queryKey, data.content);
  if (data.notice) client.setQueryData(noticeDetailsQuery(data.notice.id, data.lang).queryKey, data.notice);
}
