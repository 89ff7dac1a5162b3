import type { content } from '@breakshot/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call, ref } from '../../../lib/http';

export const contentGetRef = ref<typeof content.contentGet>('POST', '/content/get');

/** A rule page by key (taiqiu_rules, betting_rules); `body` is HTML the server has sanitized. */
export const contentQuery = (key: string, lang: string) =>
  queryOptions({
    queryKey: ['content', 'page', key, lang],
    queryFn: () => call(contentGetRef, { key }),
    staleTime: 5 * 60_000,
  });
