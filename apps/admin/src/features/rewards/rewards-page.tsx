import { Tabs } from 'antd';
import { rewardsAdmin, wheelAdmin } from '@breakshot/contracts';
import { useMay } from '../../lib/use-may';
import { RewardsTab } from './rewards-tab';
import { SpinPrizesTab } from './spin-prizes-tab';
import { TaskTiersTab } from './task-tiers-tab';
import { rewardTexts as t } from './texts';

/** 奖励: every reward granted to players, the daily betting task's tiers and the daily wheel's prizes. */
export default function RewardsPage() {
  const may = useMay();
  const tabs = [
    may(rewardsAdmin.rewardsList) && { key: 'rewards', label: t.rewardsTab, children: <RewardsTab /> },
    may(rewardsAdmin.taskTiersList) && { key: 'tasks', label: t.tasksTab, children: <TaskTiersTab /> },
    may(wheelAdmin.spinPrizesList) && { key: 'spin', label: t.spinTab, children: <SpinPrizesTab /> },
  ].filter((x) => x !== false);
  return <Tabs items={tabs} destroyOnHidden />;
}
