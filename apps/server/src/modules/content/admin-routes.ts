import type { FastifyInstance } from 'fastify';
import { contentAdmin } from '@breakshot/contracts';
import { adminRoute } from '../../platform/route.js';
import {
  listContentPages,
  listNoticesForOperator,
  publishNotice,
  saveContentPageAs,
  withdrawNotice,
} from './console.js';

/** The operator's notices and content pages (an area of the operator plugin, which guards them). */
export async function contentAdminRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  adminRoute(app, contentAdmin.noticesList, async (input) => listNoticesForOperator(ctx.db, input));
  adminRoute(app, contentAdmin.noticePublish, async (input, op) => publishNotice(ctx, op.name, input));
  adminRoute(app, contentAdmin.noticeWithdraw, async ({ id }, op) => withdrawNotice(ctx, op.name, id));
  adminRoute(app, contentAdmin.contentPagesList, async () => listContentPages(ctx.db));
  adminRoute(app, contentAdmin.contentPageSave, async (input, op) => saveContentPageAs(ctx, op.name, input));
}
