import type { FastifyInstance } from 'fastify';
import { promotionsAdmin } from '@breakshot/contracts';
import { requestLang } from '../../platform/lang.js';
import { adminRoute } from '../../platform/route.js';
import { listApplications, listPromotionsForOperator, rejectApplication, savePromotion } from './console.js';

/** The operator's promotions (an area of the operator plugin, which guards them). */
export async function promotionsAdminRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  adminRoute(app, promotionsAdmin.promotionsList, async () => listPromotionsForOperator(ctx.db, ctx.now()));
  adminRoute(app, promotionsAdmin.promotionSave, async (input, op) => savePromotion(ctx, op.name, input));
  adminRoute(app, promotionsAdmin.promotionApplications, async (input, _op, req) =>
    listApplications(ctx.db, input, requestLang(req), ctx.now()),
  );
  adminRoute(app, promotionsAdmin.promotionApplicationReject, async (input, op, req) =>
    rejectApplication(ctx, op.name, input, requestLang(req)),
  );
}
