import type { FastifyInstance } from 'fastify';
import { systemAdmin } from '@breakshot/contracts';
import { adminRoute } from '../../platform/route.js';
import { getSysConfig, saveServiceUrl, saveSiteContact } from './service.js';

/** The operator's site contact and customer-service link (an area of the operator plugin, which guards them). */
export async function systemAdminRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  adminRoute(app, systemAdmin.siteContactGet, async () => (await getSysConfig(ctx.db)).contact);
  adminRoute(app, systemAdmin.siteContactSave, async (input, op) => saveSiteContact(ctx, op.name, input));
  adminRoute(app, systemAdmin.siteServiceGet, async () => ({ serviceUrl: (await getSysConfig(ctx.db)).serviceUrl }));
  adminRoute(app, systemAdmin.siteServiceSave, async (input, op) => saveServiceUrl(ctx, op.name, input.serviceUrl));
}
