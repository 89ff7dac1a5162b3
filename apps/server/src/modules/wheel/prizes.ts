import { asc } from 'drizzle-orm';
import type { Lang } from '@breakshot/contracts';
import type { Conn } from '../../platform/db.js';
import { wheelPrizes, type WheelPrizeRow } from './tables.js';

/** The eight prizes in index order. */
export const prizesOf = (db: Conn): Promise<WheelPrizeRow[]> =>
  db.select().from(wheelPrizes).orderBy(asc(wheelPrizes.index));

/** A label in the reader's language. */
export const labelOf = (p: { labelZh: string; labelEn: string }, lang: Lang): string =>
  lang === 'en' ? p.labelEn : p.labelZh;
