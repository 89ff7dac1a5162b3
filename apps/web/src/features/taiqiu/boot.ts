import type { taiqiu } from '@breakshot/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { currentLanguage } from '../../lib/i18n';
import { matchKey } from './api/match';
import { trackerKey } from './tracker/api';

/** The match page's part of the page's boot data (app/boot-data.ts). */
export interface MatchBoot {
  lang: string;
  match?: taiqiu.MatchDetails;
  tracker?: taiqiu.TrackerView;
}

/**
 * Seeds the match page's queries with the match as the server rendered it for a guest and its
 * tracker (src/ssr): the page's first render is the server's, no call waited for. Kept here rather
 * than with the boot data of /home: only this page's code needs it. A logged-in player's page
 * asks for theirs (its key differs) and shows this meanwhile (match-page.tsx).
 */
export function seedMatchBoot(data: MatchBoot | null, client: QueryClient): void {
  if (!data?.match || data.lang !== currentLanguage()) return;
  client.setQueryData(matchKey(data.match.id, false), data.match);
  if (data.tracker) client.setQueryData(trackerKey(data.match.id), data.tracker);
}
