import type { FastifyInstance } from 'fastify';
import { promotions } from '@breakshot/contracts';
import { sessionUser } from '../../platform/auth-hook.js';
import { requestLang } from '../../platform/lang.js';
import { route } from '../../platform/route.js';
import { myApplications } from './applications.js';
import { applyPromotion } from './apply.js';
import { promotionBanners } from './banners.js';
import { listPromotions, promotionDetails } from './catalogue.js';
import { luckySlips } from './slips.js';

/** The player's promotions (/user/youhui…) and /home's banners; always the session's player. */
export async function promotionRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const userId = (req: Parameters<typeof sessionUser>[0]) => sessionUser(req).userId;
  route(app, promotions.promotionList, async (input, req) =>
    listPromotions(ctx.db, userId(req), input, requestLang(req), ctx.now()),
  );
  route(app, promotions.promotionDetails, async (input, req) =>
    promotionDetails(ctx.db, userId(req), input.id, requestLang(req), ctx.now()),
  );
  route(app, promotions.promotionApply, async (input, req) =>
    applyPromotion(ctx, userId(req), input, requestLang(req)),
  );
  route(app, promotions.promotionMyApplications, async (input, req) =>
    myApplications(ctx.db, userId(req), input, requestLang(req)),
  );
  route(app, promotions.promotionZhudanList, async (input, req) => luckySlips(ctx.db, userId(req), input, ctx.now()));
  route(app, promotions.promotionBanners, async (_input, req) => promotionBanners(ctx.db, requestLang(req), ctx.now()));
}
