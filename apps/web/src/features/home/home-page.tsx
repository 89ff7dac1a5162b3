import { usePrefetchQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BalanceRefresh } from '../../components/ui/balance-refresh';
import { Icon } from '../../components/ui/icons';
import { Logo } from '../../components/ui/logo';
import { MoneyText } from '../../components/ui/money-text';
import { useT } from '../../lib/i18n';
import { rememberInviteCode } from '../../lib/invite';
import { pathTo, type RouteId } from '../../lib/paths';
import { runtimeConfig } from '../../lib/runtime-config';
import { useSession } from '../../lib/session';
import { useSysConfig } from '../../lib/sys-config';
import { noticesQuery } from './api/notice-list';
import { promotionBannersQuery } from './api/promotion-banners';
import './home.css';
import './i18n';

/**
 * Banners and notices, and the games (billiards matches, game tiles), load after first paint (their
 * own chunks, outside the start-up budget).
 */
const HomeBanners = lazy(() => import('./home-banners'));
const HomeGames = lazy(() => import('./home-live'));

/** Quick grid (SCREENS /home): one line per entry. */
const QUICK: { key: string; route: RouteId; icon: ReactNode }[] = [
  { key: 'chongzhi', route: 'chongzhi', icon: <Icon name="deposit" /> },
  { key: 'qukuan', route: 'qukuan', icon: <Icon name="withdraw" /> },
  { key: 'fanshui', route: 'shishifanshui', icon: <Icon name="rebate" /> },
  { key: 'vip', route: 'myVip', icon: <Icon name="vip" /> },
  { key: 'youhui', route: 'youhui', icon: <Icon name="gift" /> },
  { key: 'share', route: 'share', icon: <Icon name="share" /> },
];

export default function HomePage() {
  const { t, lang } = useT();
  const [params] = useSearchParams();
  const sys = useSysConfig();
  const token = useSession((s) => s.token);
  const userInfo = useSession((s) => s.userInfo);
  const siteName = sys.data?.siteName ?? runtimeConfig().VITE_PAGE_TITLE;

  const invite = params.get('invite');
  useEffect(() => rememberInviteCode(invite), [invite]);

  // The banners are the largest thing on the first screen (its LCP): ask for them, and the notices
  // under them, as the page renders, while their section's code loads, rather than after.
  usePrefetchQuery(noticesQuery('banner', lang));
  usePrefetchQuery(promotionBannersQuery(lang));
  usePrefetchQuery(noticesQuery('notice', lang));

  return (
    <div className="home">
      <header className="home-header">
        <Logo size={34} />
        <h1 className="home-title gold-text">{siteName}</h1>
      </header>

      <section className="home-account card">
        {token ? (
          <div className="home-balance">
            <div>
              <div className="home-balance-label">
                {t('home.balance')}
                <BalanceRefresh label={t('home.refresh')} />
              </div>
              <div className="home-balance-value" data-testid="home-balance">
                {userInfo ? (
                  <MoneyText value={userInfo.balance} />
                ) : (
                  <span className="sk sk-line home-balance-skeleton" />
                )}
              </div>
            </div>
            <Link className="btn btn-gold" to={pathTo('chongzhi')}>
              {t('home.deposit')}
            </Link>
          </div>
        ) : (
          <div className="home-guest">
            <p className="home-guest-text">
              <span className="muted">{t('home.welcome')}</span> <strong>{siteName}</strong>
              <br />
              <span className="muted small">{t('home.guestHint')}</span>
            </p>
            <div className="home-guest-actions">
              <Link className="btn btn-ghost" to={pathTo('login')}>
                {t('home.login')}
              </Link>
              <Link className="btn btn-gold" to={pathTo('register')}>
                {t('home.register')}
              </Link>
            </div>
          </div>
        )}
      </section>

      {/* The placeholders hold the sections' room so nothing below them moves when they arrive. */}
      <Suspense
        fallback={
          <>
            <div className="home-banner-ph sk" />
            <div className="home-notice-ph sk" />
          </>
        }
      >
        <HomeBanners />
      </Suspense>

      <nav className="home-quick card" aria-label={t('home.quick')}>
        {QUICK.map((q) => (
          <Link key={q.key} className="home-quick-item" to={pathTo(q.route)}>
            <span className="home-quick-icon">{q.icon}</span>
            <span>{t(`home.q.${q.key}`)}</span>
          </Link>
        ))}
      </nav>

      <Suspense fallback={<div className="home-games-ph" />}>
        <HomeGames />
      </Suspense>

      <footer className="home-footer">
        <span className="home-18">18+</span>
        <p>
          {t('home.footer')}
          <br />
          {t('home.footer2')}
        </p>
      </footer>
    </div>
  );
}
