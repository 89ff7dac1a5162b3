import type { PageRequest } from '@breakshot/contracts';

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * One page of a list in the contracts' page shape: `rows` reads the page (given its limit and
 * offset), `total` counts every row of the same filter; both run at once. `map` shapes each row.
 */
export function pageOf<R>(req: PageRequest, rows: Rows<R>, total: () => Promise<number>): Promise<Page<R>>;
export function pageOf<R, T>(
  req: PageRequest,
  rows: Rows<R>,
  total: () => Promise<number>,
  map: (row: R) => T,
): Promise<Page<T>>;
export async function pageOf<R, T>(
  req: PageRequest,
  rows: Rows<R>,
  total: () => Promise<number>,
  map?: (row: R) => T,
): Promise<Page<R | T>> {
  const [list, count] = await Promise.all([rows(req.pageSize, (req.page - 1) * req.pageSize), total()]);
  return { list: map ? list.map(map) : list, total: count, page: req.page, pageSize: req.pageSize };
}

type Rows<R> = (limit: number, offset: number) => Promise<R[]>;
