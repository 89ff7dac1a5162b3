import type { PageRequest } from '@breakshot/contracts';

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * One page of a list in the contracts' page shape: `rows` reads the page (given its limit and
 * offset), `total` counts every row of the same filter; both run at once.
 */
export async function pageOf<R, T = R>(
  req: PageRequest,
  rows: (limit: number, offset: number) => Promise<R[]>,
  total: () => Promise<number>,
  map: (row: R) => T = (row) => row as unknown as T,
): Promise<Page<T>> {
  const [list, count] = await Promise.all([rows(req.pageSize, (req.page - 1) * req.pageSize), total()]);
  return { list: list.map(map), total: count, page: req.page, pageSize: req.pageSize };
}
