import * as routes from '@breakshot/client/routes';
import type { rewards } from '@breakshot/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { showNewBalance } from '../../../lib/balance';
import { call, type DataOf } from '../../../lib/http';

export type Reward = rewards.Reward;
export type RewardStatus = rewards.RewardStatus;
export type RewardSource = rewards.RewardSource;
export type RewardPage = DataOf<typeof rewards.rewardList>;
export type Received = DataOf<typeof rewards.rewardReceive>;
export type DailyTask = DataOf<typeof rewards.everydayGameReward>;
export type TaskTier = rewards.TaskTier;
export type TaskRecordsPage = DataOf<typeof rewards.gameRewardRecord>;
export type TaskRecord = TaskRecordsPage['list'][number];

/**
 * Keys start with 'user': BALANCE_UPDATED, BET_SETTLED (the daily task's valid bet) and logout reach
 * them; a claim refreshes them all.
 */
export const welfareKeys = {
  all: ['user', 'welfare'] as const,
  rewards: (status: RewardStatus) => ['user', 'welfare', 'rewards', status] as const,
  waiting: () => ['user', 'welfare', 'waiting'] as const,
  task: () => ['user', 'welfare', 'task'] as const,
  taskRecords: () => ['user', 'welfare', 'taskRecords'] as const,
  spin: () => ['user', 'welfare', 'spin'] as const,
  spinRecords: () => ['user', 'welfare', 'spinRecords'] as const,
};

export const fetchRewards = (status: RewardStatus, page: number, pageSize: number) =>
  call(routes.rewards.rewardList, { status, page, pageSize });

/** The rewards waiting to be claimed: count and total (every list page carries them). */
export const waitingQuery = () =>
  queryOptions({
    queryKey: welfareKeys.waiting(),
    queryFn: () => fetchRewards('unclaimed', 1, 1).then((p) => ({ count: p.unclaimedCount, total: p.unclaimedTotal })),
  });

/** Every unclaimed reward (pages of 100): what 一键领取 would claim, for its confirm. */
export async function allUnclaimed(): Promise<Reward[]> {
  const out: Reward[] = [];
  for (let page = 1; ; page += 1) {
    const p = await fetchRewards('unclaimed', page, 100);
    out.push(...p.list);
    if (p.list.length === 0 || out.length >= p.total) return out;
  }
}

export const dailyTaskQuery = () =>
  queryOptions({ queryKey: welfareKeys.task(), queryFn: () => call(routes.rewards.everydayGameReward, {}) });

/** The daily task's rewards, newest first, and what they came to in all. */
export const fetchTaskRecords = (page: number, pageSize: number) =>
  call(routes.rewards.gameRewardRecord, { page, pageSize });

/**
 * Claims one reward ({ id }) or those a confirm showed ({ ids }); the balance and every welfare
 * figure follow.
 */
export function useReceiveReward() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (which: { id: number } | { ids: number[] }) => call(routes.rewards.rewardReceive, which),
    onSuccess: (r) => showNewBalance(r.balance),
    // A refusal (claimed elsewhere, expired meanwhile) also means the lists shown are stale.
    onSettled: () => qc.invalidateQueries({ queryKey: welfareKeys.all }),
  });
}
