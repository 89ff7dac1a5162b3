import { serverErrorText, type Lang, type promotions as contract, type ServerErrorKey } from '@breakshot/contracts';
import { bannerArt } from '../content/service.js';
import { statusAt } from './rules.js';
import type { ApplicationRow, PromotionRow } from './tables.js';

/* Promotions and applications as the player's pages and the operator's console show them. */

export const titleIn = (p: Pick<PromotionRow, 'titleZh' | 'titleEn'>, lang: Lang): string =>
  lang === 'en' ? p.titleEn : p.titleZh;

export const summaryIn = (p: Pick<PromotionRow, 'summaryZh' | 'summaryEn'>, lang: Lang): string =>
  lang === 'en' ? p.summaryEn : p.summaryZh;

export const imageOf = (p: Pick<PromotionRow, 'bannerFrom' | 'bannerTo'>): string =>
  bannerArt([p.bannerFrom, p.bannerTo]);

/** Why an application was rejected, in `lang`: the operator's words or the stored message key's text. */
function reasonOf(a: ApplicationRow, lang: Lang): string | null {
  if (a.status !== 'rejected') return null;
  if (a.reasonText !== null) return a.reasonText;
  return a.reasonKey === null ? null : serverErrorText(a.reasonKey as ServerErrorKey, lang, a.reasonParams ?? {});
}

export function applicationView(
  a: ApplicationRow,
  p: Pick<PromotionRow, 'type' | 'titleZh' | 'titleEn'>,
  lang: Lang,
): contract.PromotionApplication {
  return {
    id: a.id,
    promotionId: a.promotionId,
    type: p.type,
    title: titleIn(p, lang),
    periodKey: a.periodKey,
    status: a.status,
    reason: reasonOf(a, lang),
    amount: a.amount,
    progress: a.progress,
    uses: a.uses,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

export function summaryView(
  p: PromotionRow,
  lang: Lang,
  now: Date,
  player: { joined: boolean; canApply: boolean },
): contract.PromotionSummary {
  return {
    id: p.id,
    type: p.type,
    title: titleIn(p, lang),
    summary: summaryIn(p, lang),
    image: imageOf(p),
    startsAt: p.startsAt.toISOString(),
    endsAt: p.endsAt.toISOString(),
    status: statusAt(p, now),
    ...player,
  };
}
