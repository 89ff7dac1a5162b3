import type { FastifyInstance } from 'fastify';
import { content } from '@breakshot/contracts';
import { requestLang } from '../../platform/lang.js';
import { route } from '../../platform/route.js';
import { getContentPage, listContentGroup, listNotices, noticeDetails } from './service.js';

/** Announcements, banners, rule, help and about pages; public. */
export async function contentRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  route(app, content.noticeList, async (input, req) => listNotices(ctx.db, input, requestLang(req), ctx.now()));
  route(app, content.noticeDetails, async (input, req) => noticeDetails(ctx.db, input.id, requestLang(req), ctx.now()));
  route(app, content.contentGet, async (input, req) => getContentPage(ctx.db, input.key, requestLang(req)));
  route(app, content.contentList, async (input, req) => listContentGroup(ctx.db, input.group, requestLang(req)));
}
