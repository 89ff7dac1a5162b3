import type { FastifyInstance } from 'fastify';
import { kycAdmin } from '@breakshot/contracts';
import { adminRoute } from '../../platform/route.js';
import {
  approveKyc,
  changeKycRequiredAmount,
  kycDetailOf,
  kycSettingsOf,
  listKyc,
  rejectKyc,
  revealIdNumber,
} from './console.js';

/** Real-name verification in the console (an area of the operator plugin, which guards it). */
export async function kycAdminRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  adminRoute(app, kycAdmin.kycList, async (input) => listKyc(ctx.db, input));
  adminRoute(app, kycAdmin.kycGetOne, async (input) => kycDetailOf(ctx.db, input.id));
  adminRoute(app, kycAdmin.kycApprove, async (input, op) => approveKyc(ctx, op.name, input.id));
  adminRoute(app, kycAdmin.kycReject, async (input, op) => rejectKyc(ctx, op.name, input));
  adminRoute(app, kycAdmin.kycReveal, async (input, op) => revealIdNumber(ctx, op.name, input));
  adminRoute(app, kycAdmin.kycSettingsGet, async () => kycSettingsOf(ctx.db));
  adminRoute(app, kycAdmin.kycSettingsSet, async (input, op) =>
    changeKycRequiredAmount(ctx, op.name, input.requiredAmount),
  );
}
