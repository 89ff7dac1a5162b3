import type { FastifyInstance } from 'fastify';
import { agentReports } from '@breakshot/contracts';
import { sessionUser } from '../../../platform/auth-hook.js';
import { requestLang } from '../../../platform/lang.js';
import { route } from '../../../platform/route.js';
import { agentReportDay } from './day.js';
import { dividendRatios, setDividendRatio } from './dividend-ratios.js';
import { platformRates } from './platform-rates.js';
import { agentReport } from './report.js';

/** The agent's reports, the platform's commission table and dividend ratios; always the session's team. */
export async function agentReportRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const me = (req: Parameters<typeof sessionUser>[0]) => sessionUser(req).userId;

  // The reports may read a replica; the rates and ratios an agent sets are read where they are written.
  route(app, agentReports.agentReport, async (input, req) => agentReport(ctx.readDb, me(req), input, ctx.now()));
  route(app, agentReports.agentReportDay, async (input, req) => agentReportDay(ctx.readDb, me(req), input));
  route(app, agentReports.agentPlatformRates, async (_input, req) => platformRates(ctx.db, me(req), ctx.now()));
  route(app, agentReports.agentDividendRatioList, async (input, req) => dividendRatios(ctx.db, me(req), input));
  route(app, agentReports.agentDividendRatioSet, async (input, req) =>
    setDividendRatio(ctx, me(req), input, requestLang(req)),
  );
}
