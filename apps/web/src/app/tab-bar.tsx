import TabBar from 'antd-mobile/es/components/tab-bar';
import { useNavigate } from 'react-router';
import { Icon } from '../components/ui/icons';
import { useT } from '../lib/i18n';
import { pathTo, type RouteId } from '../lib/paths';
import { useUnreadTotal } from '../lib/unread';
import type { Tab } from '../routes';

const TABS: { key: Tab; route: RouteId; icon: React.ReactNode }[] = [
  { key: 'home', route: 'home', icon: <Icon name="home" /> },
  { key: 'youhui', route: 'youhui', icon: <Icon name="gift" /> },
  { key: 'touzhu', route: 'touzhulogs', icon: <Icon name="bill" /> },
  { key: 'fanshui', route: 'shishifanshui', icon: <Icon name="coin" /> },
  { key: 'user', route: 'user', icon: <Icon name="user" /> },
];

/** Bottom tabs of docs/screens.md; 我的 shows the unread message count. */
export function AppTabBar({ active }: { active: Tab }) {
  const unread = useUnreadTotal();
  const navigate = useNavigate();
  const { t } = useT();
  return (
    <div className="tab-bar">
      <TabBar
        activeKey={active}
        safeArea
        onChange={(key) => {
          const tab = TABS.find((x) => x.key === key);
          if (tab && key !== active) void navigate(pathTo(tab.route));
        }}
      >
        {TABS.map((tab) => (
          <TabBar.Item
            key={tab.key}
            icon={tab.icon}
            title={t(`tab.${tab.key}`)}
            badge={tab.key === 'user' && unread > 0 ? (unread > 99 ? '99+' : unread) : undefined}
          />
        ))}
      </TabBar>
    </div>
  );
}
