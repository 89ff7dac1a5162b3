import AddCircleOutline from 'antd-mobile-icons/es/AddCircleOutline';
import HistogramOutline from 'antd-mobile-icons/es/HistogramOutline';
import KeyOutline from 'antd-mobile-icons/es/KeyOutline';
import LinkOutline from 'antd-mobile-icons/es/LinkOutline';
import LockOutline from 'antd-mobile-icons/es/LockOutline';
import PhonebookOutline from 'antd-mobile-icons/es/PhonebookOutline';
import SearchOutline from 'antd-mobile-icons/es/SearchOutline';
import SendOutline from 'antd-mobile-icons/es/SendOutline';
import ShopbagOutline from 'antd-mobile-icons/es/ShopbagOutline';
import TeamOutline from 'antd-mobile-icons/es/TeamOutline';
import UserAddOutline from 'antd-mobile-icons/es/UserAddOutline';
import UserContactOutline from 'antd-mobile-icons/es/UserContactOutline';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CopyButton } from '../../../components/ui/copy-text';
import { ErrorState, PageSkeleton } from '../../../components/ui/page-state';
import { useT } from '../../../lib/i18n';
import { pathTo, type RouteId } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { errorText } from '../../../lib/toast';
import { KindChip, RatesLine } from '../shared/agent-ui';
import { useAgentHome, type AgentProfile } from '../api/home';
import { FigureValue } from '../reports/report-figure';
import { REPORT_INDEX } from '../reports/report-index';
import '../shared/report-i18n';
import '../shared/reports.css';

interface Tile {
  route: RouteId;
  icon: ReactNode;
  /** A password or the mobile this tile sets is still missing: a dot shows it. */
  missing?: boolean;
}

/** My earnings and today's team on the agent centre, each opening its report. */
const FIGURES = [
  ['commissionToday', 'dlHlfybb'],
  ['commissionMonth', 'dlHlfybb'],
  ['dividendWeek', 'dlFenhongbb'],
  ['dividendMonth', 'dlFenhongbb'],
  ['depositsToday', 'dlChongzhibb'],
  ['validBetToday', 'dlYxsy'],
] as const satisfies readonly (readonly [keyof AgentProfile['figures'], RouteId])[];

/**
 * /user/daili/shouye: my kind, invite code, team counts, rates and ratio, my commission and
 * dividend (today, this week, this month), the team's deposits and valid bet today, and a grid to
 * every page of the agent area.
 */
export default function AgentHomePage() {
  const { t } = useT();
  const q = useAgentHome();
  const username = useSession((s) => s.userInfo?.username);
  if (q.isPending) return <PageSkeleton />;
  if (q.isError) return <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />;
  const p = q.data;

  const sections: { key: string; tiles: Tile[] }[] = [
    {
      key: 'team',
      tiles: [
        { route: 'dlUser', icon: <TeamOutline /> },
        { route: 'dlSsuser', icon: <SearchOutline /> },
        { route: 'dlKaihu', icon: <UserAddOutline /> },
        { route: 'dlChongzhi', icon: <SendOutline /> },
      ],
    },
    {
      key: 'promote',
      tiles: [
        { route: 'dlLianjieDetails', icon: <LinkOutline /> },
        { route: 'dlAddlianjie', icon: <AddCircleOutline /> },
        { route: 'share', icon: <ShopbagOutline /> },
        { route: 'dlMingpianguanli', icon: <UserContactOutline /> },
      ],
    },
    {
      key: 'reports',
      tiles: [
        { route: 'dlBaobiao', icon: <HistogramOutline /> },
        ...REPORT_INDEX.map(({ route, icon }) => ({ route, icon })),
      ],
    },
    {
      key: 'security',
      tiles: [
        { route: 'dlAnquanpass', icon: <KeyOutline />, missing: !p.hasSecurityPassword },
        { route: 'dlChongzhipass', icon: <LockOutline />, missing: !p.hasRechargePassword },
        { route: 'dlMobile', icon: <PhonebookOutline />, missing: !p.mobileBound },
      ],
    },
  ];

  return (
    <div className="page ag" data-testid="agent-home">
      <section className="card ag-hero">
        <div className="ag-hero-top">
          <div className="ag-hero-name">
            <strong>{username}</strong>
            <KindChip kind={p.kind} />
          </div>
          <Link to={pathTo('share')} className="btn btn-gold btn-small">
            {t('agent.home.invite')}
          </Link>
        </div>
        <div className="ag-hero-code">
          <span className="muted small">{t('agent.home.inviteCode')}</span>
          <span className="ag-code mono" data-testid="invite-code">
            {p.inviteCode}
          </span>
          <CopyButton value={p.inviteCode} label={t('agent.home.inviteCode')} />
        </div>
        <div className="ag-counts">
          {(
            [
              ['directCount', 'dlUser'],
              ['teamCount', 'dlSsuser'],
              ['newToday', 'dlUser'],
            ] as const
          ).map(([k, route]) => (
            <Link key={k} to={pathTo(route)} className="ag-count">
              <strong data-testid={`count-${k}`}>{p[k]}</strong>
              <span className="muted small">{t(`agent.home.${k}`)}</span>
            </Link>
          ))}
        </div>
      </section>

      <section className="card ag-my-rates">
        <div className="ag-my-rates-head">
          <span>{t('agent.home.myRates')}</span>
          <span className="muted small">{t(`agent.home.rulesOf.${p.kind}`)}</span>
        </div>
        <RatesLine rates={p.rates} dividendRatioBp={p.dividendRatioBp} withRatio={p.kind === 'agent'} />
      </section>

      <section>
        <h2 className="section-title">{t('agent.figures.title')}</h2>
        <div className="card ag-figures" data-testid="agent-figures">
          {FIGURES.map(([key, route]) => (
            <Link key={key} to={pathTo(route)} className="ag-figure">
              <span className="muted small">{t(`agent.figure.${key}`)}</span>
              <strong data-testid={`figure-${key}`}>
                <FigureValue format="money" value={p.figures[key]} />
              </strong>
            </Link>
          ))}
        </div>
      </section>

      {sections.map((s) => (
        <section key={s.key}>
          <h2 className="section-title">{t(`agent.home.section.${s.key}`)}</h2>
          <nav className="card ag-grid" data-testid={`grid-${s.key}`}>
            {s.tiles.map((tile) => (
              <Link key={tile.route} to={pathTo(tile.route)} className="ag-grid-item" data-route={tile.route}>
                <span className="ag-grid-icon">
                  {tile.icon}
                  {tile.missing && <span className="ag-grid-dot" aria-label={t('agent.home.notSet')} />}
                </span>
                <span>{t(`title.${tile.route}`)}</span>
              </Link>
            ))}
          </nav>
        </section>
      ))}
    </div>
  );
}
