import { Tabs } from 'antd';
import { promotionsAdmin } from '@breakshot/contracts';
import { useMay } from '../../lib/use-may';
import { ApplicationsTab } from './applications-tab';
import { PromotionsTab } from './promotions-tab';
import { promotionTexts as t } from './texts';

/** 优惠活动: the promotions with their texts, banner, period and rules, and the players' applications. */
export default function PromotionsPage() {
  const may = useMay();
  const tabs = [
    may(promotionsAdmin.promotionsList) && { key: 'promotions', label: t.promotionsTab, children: <PromotionsTab /> },
    may(promotionsAdmin.promotionApplications) && {
      key: 'applications',
      label: t.applicationsTab,
      children: <ApplicationsTab />,
    },
  ].filter((x) => x !== false);
  return <Tabs items={tabs} destroyOnHidden />;
}
