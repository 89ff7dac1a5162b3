import type { rebates } from '@breakshot/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { showNewBalance } from '../../../lib/balance';
import { call, ref, type DataOf } from '../../../lib/http';

export const rebateSummaryRef = ref<typeof rebates.rebateSummary>('POST', '/user/rebate/summary');
export const rebateClaimRef = ref<typeof rebates.rebateClaim>('POST', '/user/rebate/claim');
export const rebateLogsRef = ref<typeof rebates.rebateLogs>('POST', '/user/rebate/logs');
export const rebateRulesRef = ref<typeof rebates.rebateRules>('POST', '/user/rebate/rules');

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
  queryOptions({ queryKey: rebateKeys.summary(), queryFn: () => call(rebateSummaryRef, {}) });

export const rebateRulesQuery = () =>
  queryOptions({ queryKey: rebateKeys.rules(), queryFn: () => call(rebateRulesRef, {}) });

/** One page of claims within the filter's instants, with the filter's total claimed. */
export const fetchRebateLogs = (page: number, pageSize: number, range: { from: string; to: string }) =>
  call(rebateLogsRef, { page, pageSize, ...range });

/** 一键领取: pays every game type's rebate; the header's balance and the page's figures follow. */
export function useClaimRebate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(rebateClaimRef, {}),
    onSuccess: (claimed) => showNewBalance(claimed.balance),
    // A refusal (too soon, below the minimum) also means the figures shown are stale.
    onSettled: () => qc.invalidateQueries({ queryKey: rebateKeys.all }),
  });
}
