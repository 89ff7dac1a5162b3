import Skeleton from 'antd-mobile/es/components/skeleton';
import GlobalOutline from 'antd-mobile-icons/es/GlobalOutline';
import HandPayCircleOutline from 'antd-mobile-icons/es/HandPayCircleOutline';
import PayCircleOutline from 'antd-mobile-icons/es/PayCircleOutline';
import ReceivePaymentOutline from 'antd-mobile-icons/es/ReceivePaymentOutline';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import SetOutline from 'antd-mobile-icons/es/SetOutline';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Avatar } from '../../components/ui/avatar';
import { BalanceRefresh } from '../../components/ui/balance-refresh';
import { confirmDialog } from '../../components/ui/confirm';
import { MoneyText } from '../../components/ui/money-text';
import { ErrorState } from '../../components/ui/page-state';
import { Segmented } from '../../components/ui/segmented';
import { VipTag } from '../../components/ui/vip-tag';
import { DebtNotice } from '../../components/wallet/debt-notice';
import { useAppRunning } from '../../lib/browser-value';
import { setLanguage, useT } from '../../lib/i18n';
import { pathTo } from '../../lib/paths';
import '../../lib/route-titles';
import { useSession } from '../../lib/session';
import { showToast } from '../../lib/toast';
import { useUnreadTotal } from '../../lib/unread';
import './i18n';
import { USER_GRID } from './user-grid';
import './user-head.css';
import './user.css';

export default function UserPage() {
  const unread = useUnreadTotal();
  const { t, lang } = useT();
  const navigate = useNavigate();
  const user = useSession((s) => s.userInfo);
  const [loggingOut, setLoggingOut] = useState(false);
  const [retrying, setRetrying] = useState(false);
  // The server's skeleton of the page (src/ssr) has no session: the player's info is coming, not failed.
  const running = useAppRunning();

  const onLogout = async () => {
    const ok = await confirmDialog({
      content: t('user.logoutConfirm'),
      confirmText: t('user.logout'),
      cancelText: t('common.cancel'),
    });
    if (!ok || loggingOut) return;
    setLoggingOut(true);
    await useSession.getState().logout();
    void showToast(t('user.loggedOut'));
    void navigate(pathTo('home'), { replace: true });
  };

  return (
    <div className="user">
      <section className="user-head">
        {user ? (
          <>
            <Avatar className="user-avatar" src={user.avatar} name={user.nickname || user.username} />
            <div className="user-id">
              <div className="user-name">
                <span data-testid="user-nickname">{user.nickname || user.username}</span>
                <VipTag level={user.vipLevel} />
              </div>
              <div className="user-username" data-testid="user-username">
                @{user.username}
              </div>
            </div>
          </>
        ) : (
          <Skeleton.Paragraph lineCount={2} animated className="user-head-skeleton" />
        )}
      </section>

      {user ? (
        <section className="card user-wallet">
          <div className="user-wallet-top">
            <div>
              <div className="user-wallet-label">
                {t('user.balance')}
                <BalanceRefresh label={t('user.refresh')} />
              </div>
              <MoneyText className="user-wallet-balance" value={user.balance} />
            </div>
            <div className="user-wallet-frozen">
              <div className="user-wallet-label">{t('user.frozen')}</div>
              <MoneyText value={user.frozen} />
            </div>
          </div>
          <div className="user-actions">
            <Link to={pathTo('chongzhi')}>
              <ReceivePaymentOutline />
              {t('user.deposit')}
            </Link>
            <Link to={pathTo('qukuan')}>
              <HandPayCircleOutline />
              {t('user.withdraw')}
            </Link>
            <Link to={pathTo('shishifanshui')}>
              <PayCircleOutline />
              {t('user.rebate')}
            </Link>
          </div>
        </section>
      ) : retrying || !running ? (
        <div className="card">
          <Skeleton.Paragraph lineCount={3} animated />
        </div>
      ) : (
        <ErrorState
          onRetry={() => {
            setRetrying(true);
            void useSession
              .getState()
              .loadUserInfo()
              .finally(() => setRetrying(false));
          }}
        />
      )}
      <DebtNotice />

      {USER_GRID.length > 0 && (
        <>
          <h2 className="section-title">{t('user.services')}</h2>
          <nav className="card user-grid">
            {USER_GRID.map((g) => (
              <Link key={g.route} to={pathTo(g.route)} className="user-grid-item">
                <span className="user-grid-icon">
                  {g.icon}
                  {g.badge === 'unread' && unread > 0 && (
                    <span className="user-grid-badge">{unread > 99 ? '99+' : unread}</span>
                  )}
                </span>
                <span>{t(`title.${g.route}`)}</span>
              </Link>
            ))}
          </nav>
        </>
      )}

      <div className="card user-list">
        <Link to={pathTo('setting')} className="user-list-row">
          <SetOutline />
          <span>{t('user.settings')}</span>
          <RightOutline className="user-list-arrow" />
        </Link>
        <div className="user-list-row">
          <GlobalOutline />
          <span>{t('user.language')}</span>
          <Segmented
            kind="radio"
            className="lang-switch"
            ariaLabel={t('user.language')}
            options={[
              { key: 'zh-CN', label: '中文' },
              { key: 'en', label: 'EN' },
            ]}
            value={lang}
            onChange={(l) => void setLanguage(l)}
          />
        </div>
      </div>

      <button
        type="button"
        className="btn btn-ghost btn-block user-logout"
        onClick={() => void onLogout()}
        disabled={loggingOut}
      >
        {t('user.logout')}
      </button>
    </div>
  );
}
