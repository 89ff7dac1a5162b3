import { Tabs } from 'antd';
import { rebatesAdmin, vipAdmin } from '@breakshot/contracts';
import { useMay } from '../../lib/use-may';
import { ClaimsTab } from './claims-tab';
import { LevelsTab } from './levels-tab';
import { vipTexts as t } from './texts';

/** VIP 与返水: the levels with their thresholds, gifts and rebate rates, and the players' rebate claims. */
export default function VipPage() {
  const may = useMay();
  const tabs = [
    may(vipAdmin.vipLevelsList) && { key: 'levels', label: t.levelsTab, children: <LevelsTab /> },
    may(rebatesAdmin.rebateClaimsList) && { key: 'claims', label: t.claimsTab, children: <ClaimsTab /> },
  ].filter((x) => x !== false);
  return <Tabs items={tabs} destroyOnHidden />;
}
