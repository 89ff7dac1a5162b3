import { asc } from 'drizzle-orm';
import type { Lang } from '@breakshot/contracts';
import type { Conn } from '../../platform/db.js';
import { runningAt } from './rules.js';
import { promotions } from './tables.js';
import { imageOf, summaryIn, titleIn } from './views.js';

/** Running promotions' banners for /home, by sort. */
export async function promotionBanners(db: Conn, lang: Lang, now: Date) {
  const rows = await db
    .select()
    .from(promotions)
    .where(runningAt(now))
    .orderBy(asc(promotions.sort), asc(promotions.id));
  return {
    items: rows.map((p) => ({
      id: p.id,
      type: p.type,
      title: titleIn(p, lang),
      summary: summaryIn(p, lang),
      image: imageOf(p),
    })),
  };
}
