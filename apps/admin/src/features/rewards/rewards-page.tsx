import { Tabs } from 'antd';
import { loyaltyAdmin } from '@breakshot/contracts';
import { useMay } from '../../lib/use-may';
import { RewardsTab } from './rewards-tab';
import { SpinPrizesTab } from './spin-prizes-tab';
import { TaskTiersTab } from './task-tiers-tab';
import { rewardTexts as t } from './texts';

/** 奖励: every reward granted to players, the daily betting task's tiers and the daily wheel's prizes. */
export default function RewardsPage() {
  const may = useMay();
  const tabs = [
    may(loyaltyAdmin.rewardsList) && { key: 'rewards', label: t.rewardsTab, children: <RewardsTab /> },
    may(loyaltyAdmin.taskTiersList) && { key: 'tasks', label: t.tasksTab, children: <TaskTiersTab /> },
    may(loyaltyAdmin.spinPrizesList) && { key: 'spin', label: t.spinTab, children: <SpinPrizesTab /> },
  ].filter((x) => x !== false);
  return <Tabs items={tabs} destroyOnHidden />;
}
