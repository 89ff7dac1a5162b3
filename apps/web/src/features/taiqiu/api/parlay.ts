import * as routes from '@breakshot/client/routes';
import type { RequestOf, taiqiu } from '@breakshot/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/http';

export type ParlayRequest = RequestOf<typeof taiqiu.parlay>;
export type ParlaySlip = taiqiu.ParlaySlip;
export type ParlayRules = taiqiu.ParlayRuleSet;

/** Places a parlay; a 409 carries data.field legs.N.odds and data.currentOdds (a leg's odds moved). */
export const placeParlay = (body: ParlayRequest) => call(routes.taiqiu.parlay, body);

/** The book's parlay rules (public; the operator rarely changes them). */
export const parlayRulesQuery = () =>
  queryOptions({
    queryKey: ['taiqiu', 'parlay', 'rules'] as const,
    queryFn: () => call(routes.taiqiu.parlayRules, {}),
    staleTime: 60_000,
  });

/** A pending slip's state when no BET_UPDATED came: its record (status, reason). */
export const fetchParlayRecord = (betNo: string) => call(routes.bets.betRecordDetails, { betNo });
