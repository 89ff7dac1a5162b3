import * as routes from '@breakshot/client/routes';
import type { RequestOf, taiqiu } from '@breakshot/contracts';
import { call } from '../../../lib/http';

export type BetRequest = RequestOf<typeof taiqiu.bet>;

/** Places a bet; a 409 carries data.currentOdds (odds moved), a 422 a closed or suspended market. */
export const placeBet = (body: BetRequest) => call(routes.taiqiu.bet, body);
