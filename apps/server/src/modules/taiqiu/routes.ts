import type { FastifyInstance, FastifyRequest } from 'fastify';
import { cashout, taiqiu } from '@breakshot/contracts';
import { sessionUser, tokenOf } from '../../platform/auth-hook.js';
import { requestLang } from '../../platform/lang.js';
import { route } from '../../platform/route.js';
import { findSession } from '../../platform/sessions.js';
import { placeBatchedBet } from './bet-batch.js';
import { cashOut, cashoutValues, quoteCashout, setAutoCashout } from './cashout/calls.js';
import { tellValuesWithMatchNews } from './cashout/review.js';
import { favouritesOf, setFavourite } from './favourites.js';
import { placeParlay } from './parlay/place.js';
import { rulesOf } from './parlay/rules.js';
import { oddsChangeOf, setOddsChange } from './preferences.js';
import { trackerOf } from './tracker.js';
import { listMatches, matchDetails } from './views.js';

/** Billiards for players: matches and a match's tracker (public), a match page (with my bets when logged in), betting (singles and parlays), cash-out, favourites. */
export async function taiqiuRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  /** The caller's user id when the request carries a live session; public calls work without one. */
  const optionalUserId = async (req: FastifyRequest): Promise<number | null> => {
    const token = tokenOf(req);
    if (!token) return null;
    const found = await findSession(ctx.db, token, ctx.now());
    return found.status === 'live' ? found.user.userId : null;
  };

  // The session is looked up only for the favourites filter; a guest's favourites are none (an empty page).
  route(app, taiqiu.matches, async (input, req) =>
    listMatches(ctx.db, input, input.favourites ? await optionalUserId(req) : null),
  );
  route(app, taiqiu.match, async (input, req) =>
    matchDetails(ctx.db, input.id, requestLang(req), await optionalUserId(req)),
  );
  route(app, taiqiu.tracker, async (input) => trackerOf(ctx.db, input.id));
  route(app, taiqiu.bet, async (input, req) => placeBatchedBet(ctx, sessionUser(req).userId, input));
  route(app, taiqiu.parlay, async (input, req) => placeParlay(ctx, sessionUser(req).userId, input));
  route(app, taiqiu.parlayRules, async () => rulesOf(ctx.db));
  route(app, taiqiu.preferences, async (_input, req) => ({
    oddsChange: await oddsChangeOf(ctx.db, sessionUser(req).userId),
  }));
  route(app, taiqiu.preferencesSet, async (input, req) =>
    setOddsChange(ctx, sessionUser(req).userId, input.oddsChange),
  );
  route(app, taiqiu.favourites, async (_input, req) => favouritesOf(ctx.db, sessionUser(req).userId));
  route(app, taiqiu.favouriteSet, async (input, req) => setFavourite(ctx, sessionUser(req).userId, input));
  tellValuesWithMatchNews(ctx);
  route(app, cashout.values, async (input, req) => cashoutValues(ctx, sessionUser(req).userId, input));
  route(app, cashout.quote, async (input, req) => quoteCashout(ctx, sessionUser(req).userId, input));
  route(app, cashout.cashout, async (input, req) => cashOut(ctx, sessionUser(req).userId, input));
  route(app, cashout.auto, async (input, req) => setAutoCashout(ctx, sessionUser(req).userId, input));
}
