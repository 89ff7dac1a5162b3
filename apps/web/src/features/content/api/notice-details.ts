import type { content } from '@breakshot/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call, ref } from '../../../lib/http';

export const noticeDetailsRef = ref<typeof content.noticeDetails>('POST', '/notice/details');

/** An announcement or banner article; `body` is HTML the server has sanitized. */
export const noticeDetailsQuery = (id: number, lang: string) =>
  queryOptions({
    queryKey: ['content', 'notice', id, lang],
    queryFn: () => call(noticeDetailsRef, { id }),
    staleTime: 60_000,
  });
