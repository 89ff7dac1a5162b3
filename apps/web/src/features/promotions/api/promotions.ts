import * as routes from '@breakshot/client/routes';
import type { promotions } from '@breakshot/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, type DataOf } from '../../../lib/http';
import { USER_QUERY_KEY } from '../../../lib/query-client';

export type PromotionType = promotions.PromotionType;
export type PromotionSummary = promotions.PromotionSummary;
export type PromotionDetail = promotions.PromotionDetail;
export type PromotionRules = promotions.PromotionRules;
export type Application = promotions.PromotionApplication;
export type ApplicationStatus = promotions.ApplicationStatus;
export type ApplicationsPage = DataOf<typeof promotions.promotionMyApplications>;
export type LuckySlip = promotions.LuckySlip;
export type LuckySlipsPage = DataOf<typeof promotions.promotionZhudanList>;
/** The rules of one type: `RulesOf<'reload'>`. */
export type RulesOf<T extends PromotionType> = Extract<PromotionRules, { type: T }>;

/**
 * Keys start with 'user': BALANCE_UPDATED (a deposit may grant a bonus) and BET_SETTLED (valid bet,
 * lucky slips) refresh them. Titles, texts and refusals come in the request's language: it is part
 * of the key.
 */
export const promotionKeys = {
  all: ['user', 'promotions'] as const,
  list: (lang: string, type?: PromotionType) => ['user', 'promotions', 'list', lang, type ?? 'all'] as const,
  details: (id: number, lang: string) => ['user', 'promotions', 'details', id, lang] as const,
  applications: (lang: string, status?: ApplicationStatus) =>
    ['user', 'promotions', 'applications', lang, status ?? 'all'] as const,
  slips: (id: number) => ['user', 'promotions', 'slips', id] as const,
};

export const promotionListQuery = (lang: string, type?: PromotionType) =>
  queryOptions({
    queryKey: promotionKeys.list(lang, type),
    queryFn: () => call(routes.promotions.promotionList, type ? { type } : {}),
  });

export const promotionDetailsQuery = (id: number, lang: string) =>
  queryOptions({
    queryKey: promotionKeys.details(id, lang),
    queryFn: () => call(routes.promotions.promotionDetails, { id }),
  });

export const fetchApplications = (page: number, pageSize: number, status?: ApplicationStatus) =>
  call(routes.promotions.promotionMyApplications, status ? { page, pageSize, status } : { page, pageSize });

export const fetchLuckySlips = (id: number, page: number, pageSize: number) =>
  call(routes.promotions.promotionZhudanList, { id, page, pageSize });

/**
 * Applies for a promotion (with betNo: claims that lucky slip). Whatever the answer, the
 * promotion pages are stale; a claimed slip's reward waits in 领奖, whose figures are stale too:
 * every user query is marked so (only those on screen refetch).
 */
export function useApplyPromotion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: number; betNo?: string }) => call(routes.promotions.promotionApply, body),
    onSettled: () => qc.invalidateQueries({ queryKey: [USER_QUERY_KEY] }),
  });
}
