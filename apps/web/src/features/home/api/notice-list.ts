import type { content } from '@breakshot/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call, ref } from '../../../lib/http';

/** Light reference: the home page never loads zod (api/refs.test.ts checks it against the contract). */
export const noticeListRef = ref<typeof content.noticeList>('POST', '/notice/list');

/** Published banners or notices, newest first, in the reader's language. */
export const noticesQuery = (type: 'banner' | 'notice', lang: string) =>
  queryOptions({
    queryKey: ['content', 'notices', type, lang],
    queryFn: () => call(noticeListRef, { type, page: 1, pageSize: type === 'banner' ? 6 : 10 }),
    staleTime: 60_000,
  });
