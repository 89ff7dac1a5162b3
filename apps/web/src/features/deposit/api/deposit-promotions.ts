import { promotions } from '@breakshot/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, call } from '../../../lib/http';
import { USER_QUERY_KEY } from '../../../lib/query-client';

const DEPOSIT_TYPES: readonly string[] = ['first_deposit', 'reload'];

/** Starts with 'user': a credited deposit (BALANCE_UPDATED) refreshes it; titles come in `lang`. */
export const depositPromotionsKey = (lang: string) => [USER_QUERY_KEY, 'promotions', 'deposit', lang] as const;

/**
 * Running deposit promotions (首存, 加赠) the player may apply for or joined this period, with
 * their details (tier tables, cap, this period's application): one list call, then one call per
 * promotion shown — there are one or two.
 */
export const depositPromotionsQuery = (lang: string) =>
  queryOptions({
    queryKey: depositPromotionsKey(lang),
    queryFn: async (): Promise<promotions.PromotionDetail[]> => {
      const { items } = await call(promotions.promotionList, {});
      const candidates = items.filter(
        (p) => p.status === 'running' && DEPOSIT_TYPES.includes(p.type) && (p.canApply || p.joined),
      );
      return Promise.all(candidates.map((p) => call(promotions.promotionDetails, { id: p.id })));
    },
  });

/**
 * Applies for a promotion before its deposit. Applied already this period (409 promotionApplied)
 * counts as joined; any other refusal rejects.
 */
export function useJoinPromotion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      try {
        await call(promotions.promotionApply, { id });
      } catch (err) {
        if (!(err instanceof ApiError && err.code === 409)) throw err;
      }
    },
    onSettled: () => qc.invalidateQueries({ queryKey: [USER_QUERY_KEY, 'promotions'] }),
  });
}
