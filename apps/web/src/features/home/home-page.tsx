import { Suspense, useEffect, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BalanceRefresh } from '../../components/ui/balance-refresh';
import { Icon } from '../../components/ui/icons';
import { Logo } from '../../components/ui/logo';
import { MoneyText } from '../../components/ui/money-text';
import { useT } from '../../lib/i18n';
import { rememberInviteCode } from '../../lib/invite';
import { serverDrawnPart } from '../../lib/server-drawn-part';
import { pathTo, type RouteId } from '../../lib/paths';
import { runtimeConfig } from '../../lib/runtime-config';
import { useSession } from '../../lib/session';
import { useSysConfig } from '../../lib/sys-config';
import HomeBanners from './home-banners';
import './home.css';
import './i18n';

/**
 * The games (billiards matches, game tiles) load after first paint (their own chunk, outside the
 * start-up budget). The banners are the first screen's largest element (its LCP): with their data
 * in the page (app/boot-data.ts), the first render shows them, so their code comes with the page's.
 */
const HomeGames = serverDrawnPart(() => import('./home-live'));

/** Quick grid (docs/screens.md /home): one line per entry. */
const QUICK: { key: string; route: RouteId; icon: ReactNode }[] = [
  { key: 'chongzhi', route: 'chongzhi', icon: <Icon name="deposit" /> },
  { key: 'qukuan', route: 'qukuan', icon: <Icon name="withdraw" /> },
  { key: 'fanshui', route: 'shishifanshui', icon: <Icon name="rebate" /> },
  { key: 'vip', route: 'myVip', icon: <Icon name="vip" /> },
  { key: 'youhui', route: 'youhui', icon: <Icon name="gift" /> },
  { key: 'share', route: 'share', icon: <Icon name="share" /> },
];

export default function HomePage() {
  const { t } = useT();
  const [params] = useSearchParams();
  const sys = useSysConfig();
  const token = useSession((s) => s.token);
  const userInfo = useSession((s) => s.userInfo);
  const siteName = sys.data?.siteName ?? runtimeConfig().VITE_PAGE_TITLE;

  const invite = params.get('invite');
  useEffect(() => rememberInviteCode(invite), [invite]);

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

      <HomeBanners />

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
