import * as routes from '@breakshot/client/routes';
import type { rebates } from '@breakshot/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { showNewBalance } from '../../../lib/balance';
import { call, type DataOf } from '../../../lib/http';

export type RebateSummary = DataOf<typeof rebates.rebateSummary>;
export type RebateItem = rebates.RebateItem;
export type RebateLogsPage = DataOf<typeof rebates.rebateLogs>;
export type RebateRules = DataOf<typeof rebates.rebateRules>;

/** Keys start with 'user': BET_SETTLED (a bet settled, won or lost: rebate accrued) refreshes them. */
export const rebateKeys = {
  all: ['user', 'rebates'] as const,
  summary: () => ['user', 'rebates', 'summary'] as const,
  logs: (filter: object) => ['user', 'rebates', 'logs', filter] as const,
  rules: () => ['user', 'rebates', 'rules'] as const,
};

export const rebateSummaryQuery = () =>
  queryOptions({ queryKey: rebateKeys.summary(), queryFn: () => call(routes.rebates.rebateSummary, {}) });

export const rebateRulesQuery = () =>
  queryOptions({ queryKey: rebateKeys.rules(), queryFn: () => call(routes.rebates.rebateRules, {}) });

/** One page of claims within the filter's instants, with the filter's total claimed. */
export const fetchRebateLogs = (page: number, pageSize: number, range: { from: string; to: string }) =>
  call(routes.rebates.rebateLogs, { page, pageSize, ...range });

/** 一键领取: pays every game type's rebate; the header's balance and the page's figures follow. */
export function useClaimRebate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(routes.rebates.rebateClaim, {}),
    onSuccess: (claimed) => showNewBalance(claimed.balance),
    // A refusal (too soon, below the minimum) also means the figures shown are stale.
    onSettled: () => qc.invalidateQueries({ queryKey: rebateKeys.all }),
  });
}
