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

/**
 * Bottom tabs of docs/screens.md; 我的 shows the unread message count. Our own markup (start-up
 * code: antd-mobile's TabBar and Badge cost the first load about 2 KB), one button a tab.
 */
export function AppTabBar({ active }: { active: Tab }) {
  const unread = useUnreadTotal();
  const navigate = useNavigate();
  const { t } = useT();
  return (
    <nav className="tab-bar">
      {TABS.map((tab) => (
        <button
          key={tab.key}
          type="button"
          className={`tab-bar-item${tab.key === active ? ' tab-bar-item-active' : ''}`}
          aria-current={tab.key === active ? 'page' : undefined}
          onClick={() => {
            if (tab.key !== active) void navigate(pathTo(tab.route));
          }}
        >
          <span className="tab-bar-icon">
            {tab.icon}
            {tab.key === 'user' && unread > 0 && (
              <span className="tab-bar-badge" data-testid="tab-unread">
                {unread > 99 ? '99+' : unread}
              </span>
            )}
          </span>
          <span className="tab-bar-title">{t(`tab.${tab.key}`)}</span>
        </button>
      ))}
    </nav>
  );
}
