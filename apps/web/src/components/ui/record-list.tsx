import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import { errorText } from '../../lib/toast';
import { ErrorState, InfoState } from './page-state';
import './ui-i18n';
import './ui.css';

export const DEFAULT_PAGE_SIZE = 20;

export interface RecordPage<T> {
  list: T[];
  total: number;
}

export interface RecordListProps<T, P extends RecordPage<T> = RecordPage<T>> {
  /** React-query key; user data starts with 'user' so BALANCE_UPDATED refreshes it. Include the filters. */
  queryKey: QueryKey;
  /** Loads one page (1-based). */
  fetchPage: (page: number, pageSize: number) => Promise<P & RecordPage<T>>;
  renderItem: (item: T, index: number) => ReactNode;
  itemKey: (item: T) => string | number;
  /** The empty state: says what would appear here. */
  empty: { icon?: ReactNode; title: string; text?: string; action?: ReactNode };
  pageSize?: number;
  /** Above the rows once loaded (e.g. a summary); gets the total. */
  header?: (total: number) => ReactNode;
  /** Rows' container test id (default 'record-list'). */
  testId?: string;
  /** Skeleton rows while the first page loads. */
  skeletonRows?: number;
  /**
   * Above the list in every state (loading, empty, error, rows), e.g. a summary the call returns
   * with its pages: gets the first page once loaded, undefined before.
   */
  top?: (firstPage: P | undefined) => ReactNode;
}

/** A skeleton of list rows (CSS only). */
export function ListSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div className="rl-skeleton" aria-busy="true" data-testid="list-skeleton">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="rl-skeleton-row">
          <span className="sk sk-line" style={{ width: '45%' }} />
          <span className="sk sk-line" style={{ width: '70%' }} />
        </div>
      ))}
    </div>
  );
}

/**
 * The shared list of records: pull to refresh, infinite scroll (pages of 20), skeleton while the
 * first page loads, empty state, error state with retry (first page) or a retry row (later pages).
 */
export function RecordList<T, P extends RecordPage<T> = RecordPage<T>>({
  queryKey,
  fetchPage,
  renderItem,
  itemKey,
  empty,
  pageSize = DEFAULT_PAGE_SIZE,
  header,
  testId = 'record-list',
  skeletonRows = 5,
  top,
}: RecordListProps<T, P>) {
  const { t } = useT();
  const q = useInfiniteQuery({
    queryKey: [...queryKey, { pageSize }],
    queryFn: ({ pageParam }) => fetchPage(pageParam, pageSize),
    initialPageParam: 1,
    getNextPageParam: (last, all) => {
      const loaded = all.reduce((n, p) => n + p.list.length, 0);
      return loaded < last.total && last.list.length > 0 ? all.length + 1 : undefined;
    },
  });

  const refresh = async () => {
    await q.refetch();
  };

  let body: ReactNode;
  if (q.isPending) {
    body = <ListSkeleton rows={skeletonRows} />;
  } else if (q.isError && !q.data) {
    body = <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />;
  } else {
    const items = q.data.pages.flatMap((p) => p.list);
    const total = q.data.pages[q.data.pages.length - 1]?.total ?? items.length;
    body =
      items.length === 0 ? (
        <div data-testid={`${testId}-empty`}>
          <InfoState icon={empty.icon ?? '∅'} title={empty.title} text={empty.text} action={empty.action} />
        </div>
      ) : (
        <>
          {header?.(total)}
          <div className="rl-rows" data-testid={testId} data-total={total}>
            {items.map((item, i) => (
              <div key={itemKey(item)} className="rl-row-wrap">
                {renderItem(item, i)}
              </div>
            ))}
          </div>
          <InfiniteScroll
            hasMore={q.hasNextPage}
            loadMore={async () => {
              const r = await q.fetchNextPage();
              if (r.isError) throw r.error;
            }}
          >
            {(hasMore, failed, retry) =>
              failed ? (
                <span className="rl-more">
                  {t('ui.list.moreFailed')}
                  <button type="button" className="btn btn-ghost btn-small" onClick={retry}>
                    {t('common.retry')}
                  </button>
                </span>
              ) : (
                <span className="rl-more muted">{hasMore ? t('ui.list.loadingMore') : t('ui.list.noMore')}</span>
              )
            }
          </InfiniteScroll>
        </>
      );
  }

  return (
    <PullToRefresh
      onRefresh={refresh}
      pullingText={t('ui.list.pulling')}
      canReleaseText={t('ui.list.release')}
      refreshingText={t('ui.list.refreshing')}
      completeText={t('ui.list.refreshed')}
    >
      <div className="rl" aria-live="polite">
        {top?.(q.data?.pages[0])}
        {body}
      </div>
    </PullToRefresh>
  );
}
