import type { RequestOf, taiqiu } from '@breakshot/contracts';
import { call, ref } from '../../../lib/http';

export const betRef = ref<typeof taiqiu.bet>('POST', '/taiqiu/bet');

export type BetRequest = RequestOf<typeof taiqiu.bet>;

/** Places a bet; a 409 carries data.currentOdds (odds moved), a 422 a closed or suspended market. */
export const placeBet = (body: BetRequest) => call(betRef, body);
