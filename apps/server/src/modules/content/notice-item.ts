import type { content, Lang } from '@breakshot/contracts';
import type { NoticeRow } from './tables.js';

/** A notice as a reader of the language sees it (Chinese where no English was written). */
export function toItem(r: NoticeRow, lang: Lang): content.NoticeItem {
  const en = lang === 'en';
  return {
    id: r.id,
    type: r.type,
    title: (en && r.titleEn) || r.title,
    summary: (en && r.summaryEn) || r.summary,
    image: r.image,
    link: r.link,
    publishedAt: r.publishedAt.toISOString(),
  };
}
