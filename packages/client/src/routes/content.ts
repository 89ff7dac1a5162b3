// Generated from packages/contracts by packages/client/test/routes.test.ts (WRITE_ROUTES=1); do not edit by hand.
import type * as contracts from '@breakshot/contracts';
import type { Route } from '../route.js';

export const contentGet = { method: 'POST', path: '/content/get' } as Route<typeof contracts.content.contentGet>;
export const contentList = { method: 'POST', path: '/content/list' } as Route<typeof contracts.content.contentList>;
export const noticeDetails = { method: 'POST', path: '/notice/details' } as Route<
  typeof contracts.content.noticeDetails
>;
export const noticeList = { method: 'POST', path: '/notice/list' } as Route<typeof contracts.content.noticeList>;
