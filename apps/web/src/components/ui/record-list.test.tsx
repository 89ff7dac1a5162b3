import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RecordList, type RecordPage } from './record-list';

type Row = { id: number };
const rows = (from: number, n: number): Row[] => Array.from({ length: n }, (_, i) => ({ id: from + i }));

function renderList(fetchPage: (page: number, size: number) => Promise<RecordPage<Row>>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <RecordList<Row>
        queryKey={['user', 'test']}
        fetchPage={fetchPage}
        itemKey={(r) => r.id}
        renderItem={(r) => <span data-testid="row">row {r.id}</span>}
        empty={{ title: '暂无记录', text: '您的记录会显示在这里' }}
      />
    </QueryClientProvider>,
  );
}

// happy-dom has no layout: antd's InfiniteScroll needs an offsetParent to consider itself visible.
const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetParent');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', { configurable: true, get: () => document.body });
});
afterAll(() => {
  if (original) Object.defineProperty(HTMLElement.prototype, 'offsetParent', original);
});

describe('RecordList', () => {
  it('shows a skeleton while the first page loads, then the rows', async () => {
    let resolve!: (p: RecordPage<Row>) => void;
    renderList(() => new Promise((r) => (resolve = r)));
    expect(screen.getByTestId('list-skeleton')).toBeTruthy();
    resolve({ list: rows(1, 3), total: 3 });
    expect(await screen.findAllByTestId('row')).toHaveLength(3);
    expect(screen.queryByTestId('list-skeleton')).toBeNull();
  });

  it('empty: says what would appear', async () => {
    renderList(async () => ({ list: [], total: 0 }));
    expect(await screen.findByText('暂无记录')).toBeTruthy();
    expect(screen.getByText('您的记录会显示在这里')).toBeTruthy();
  });

  it('error: shows the message and retries', async () => {
    const fetchPage = vi
      .fn<(p: number, s: number) => Promise<RecordPage<Row>>>()
      .mockRejectedValueOnce({ code: 500, msg: '服务器繁忙' })
      .mockResolvedValueOnce({ list: rows(1, 2), total: 2 });
    renderList(fetchPage);
    expect(await screen.findByText('服务器繁忙')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findAllByTestId('row')).toHaveLength(2);
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });

  it('pages of 20: loads the next page until the total is reached', async () => {
    const fetchPage = vi.fn(async (page: number, size: number) => ({
      list: rows((page - 1) * size + 1, page === 1 ? size : 5),
      total: 25,
    }));
    renderList(fetchPage);
    await waitFor(() => expect(screen.getAllByTestId('row')).toHaveLength(25));
    expect(fetchPage.mock.calls).toEqual([
      [1, 20],
      [2, 20],
    ]);
    expect(await screen.findByText('没有更多了')).toBeTruthy();
  });
});
