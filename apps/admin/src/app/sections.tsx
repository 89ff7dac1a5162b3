import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import {
  AlertOutlined,
  ApartmentOutlined,
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  DashboardOutlined,
  DiffOutlined,
  DollarOutlined,
  CrownOutlined,
  FileTextOutlined,
  FundOutlined,
  LineChartOutlined,
  GiftOutlined,
  IdcardOutlined,
  MailOutlined,
  MessageOutlined,
  NotificationOutlined,
  PercentageOutlined,
  SafetyCertificateOutlined,
  SolutionOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  TrophyOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import {
  operatorCalls,
  paymentsAdmin,
  playersAdmin,
  withdrawalsAdmin,
  kycAdmin,
  contentAdmin,
  agentsAdmin,
  feedAdmin,
  feedbackAdmin,
  gamesAdmin,
  messagesAdmin,
  rewardsAdmin,
  vipAdmin,
  operatorsAdmin,
  promotionsAdmin,
  reportAdmin,
  securityAdmin,
  taiqiuAdmin,
} from '@breakshot/contracts';
import { paths } from '../lib/paths';
import type { Role } from '../lib/session';
import type { QueueCounts } from '../lib/use-queues';
import type { appTexts } from './texts';

/** One entry of the Sider menu: shown when the role may make its list call. */
export interface Section {
  key: keyof typeof appTexts.menu;
  path: string;
  icon: ReactNode;
  /** The call the section's page starts with: its role gate. */
  call: operatorCalls.AdminCall;
  page: LazyExoticComponent<ComponentType>;
  /** More routes of the section (a detail page). */
  more?: { path: string; page: LazyExoticComponent<ComponentType> }[];
  /** A count of waiting work shown as a Badge on the menu entry. */
  badge?: (q: QueueCounts) => number;
}

export const sections: Section[] = [
  {
    key: 'dashboard',
    path: paths.dashboard,
    icon: <DashboardOutlined />,
    call: playersAdmin.dashboard,
    page: lazy(() => import('../features/dashboard/dashboard-page')),
  },
  {
    key: 'reports',
    path: paths.reports,
    icon: <LineChartOutlined />,
    call: reportAdmin.pnlReport,
    page: lazy(() => import('../features/reports/reports-page')),
    more: [
      { path: paths.reportsPayments, page: lazy(() => import('../features/reports/payments-report-page')) },
      { path: paths.reportsPlayers, page: lazy(() => import('../features/reports/players-report-page')) },
      { path: paths.reportsAgents, page: lazy(() => import('../features/reports/agents-report-page')) },
    ],
  },
  {
    key: 'players',
    path: paths.players,
    icon: <TeamOutlined />,
    call: playersAdmin.playersList,
    page: lazy(() => import('../features/players/players-page')),
    more: [{ path: paths.playerPattern, page: lazy(() => import('../features/players/player-detail-page')) }],
  },
  {
    key: 'agents',
    path: paths.agents,
    icon: <ApartmentOutlined />,
    call: agentsAdmin.agentsList,
    page: lazy(() => import('../features/agents/agents-page')),
  },
  {
    key: 'deposits',
    path: paths.deposits,
    icon: <DollarOutlined />,
    call: paymentsAdmin.depositsList,
    page: lazy(() => import('../features/deposits/deposits-page')),
    badge: (q) => q.manualDeposits,
  },
  {
    key: 'withdrawals',
    path: paths.withdrawals,
    icon: <WalletOutlined />,
    call: withdrawalsAdmin.withdrawalsList,
    page: lazy(() => import('../features/withdrawals/withdrawals-page')),
    badge: (q) => q.withdrawalsReviewing + q.withdrawalsApproved,
  },
  {
    key: 'kyc',
    path: paths.kyc,
    icon: <SolutionOutlined />,
    call: kycAdmin.kycList,
    page: lazy(() => import('../features/kyc/kyc-page')),
  },
  {
    key: 'heldWins',
    path: paths.heldWins,
    icon: <SafetyCertificateOutlined />,
    call: gamesAdmin.heldWinsList,
    page: lazy(() => import('../features/held-wins/held-wins-page')),
  },
  {
    key: 'billiards',
    path: paths.billiards,
    icon: <TrophyOutlined />,
    call: taiqiuAdmin.matchesList,
    page: lazy(() => import('../features/billiards/billiards-page')),
  },
  {
    key: 'tradingOverview',
    path: paths.tradingOverview,
    icon: <FundOutlined />,
    call: taiqiuAdmin.exposure,
    page: lazy(() => import('../features/trading-overview/trading-overview-page')),
  },
  {
    key: 'tradingAlerts',
    path: paths.tradingAlerts,
    icon: <AlertOutlined />,
    call: taiqiuAdmin.alerts,
    page: lazy(() => import('../features/trading-alerts/trading-alerts-page')),
    badge: (q) => q.tradingAlerts,
  },
  {
    key: 'tradingTicker',
    path: paths.tradingTicker,
    icon: <ThunderboltOutlined />,
    call: taiqiuAdmin.ticker,
    page: lazy(() => import('../features/trading-ticker/trading-ticker-page')),
  },
  {
    key: 'tradingCorrections',
    path: paths.tradingCorrections,
    icon: <DiffOutlined />,
    call: taiqiuAdmin.corrections,
    page: lazy(() => import('../features/trading-corrections/trading-corrections-page')),
  },
  {
    key: 'feed',
    path: paths.feed,
    icon: <ApiOutlined />,
    call: feedAdmin.providers,
    page: lazy(() => import('../features/feed/feed-page')),
  },
  {
    key: 'games',
    path: paths.games,
    icon: <AppstoreOutlined />,
    call: gamesAdmin.providersList,
    page: lazy(() => import('../features/games/games-page')),
  },
  {
    key: 'vip',
    path: paths.vip,
    icon: <CrownOutlined />,
    call: vipAdmin.vipLevelsList,
    page: lazy(() => import('../features/vip/vip-page')),
  },
  {
    key: 'rewards',
    path: paths.rewards,
    icon: <GiftOutlined />,
    call: rewardsAdmin.rewardsList,
    page: lazy(() => import('../features/rewards/rewards-page')),
  },
  {
    key: 'channels',
    path: paths.channels,
    icon: <BankOutlined />,
    call: paymentsAdmin.channelsList,
    page: lazy(() => import('../features/channels/channels-page')),
  },
  {
    key: 'notices',
    path: paths.notices,
    icon: <NotificationOutlined />,
    call: contentAdmin.noticesList,
    page: lazy(() => import('../features/notices/notices-page')),
  },
  {
    key: 'promotions',
    path: paths.promotions,
    icon: <PercentageOutlined />,
    call: promotionsAdmin.promotionsList,
    page: lazy(() => import('../features/promotions/promotions-page')),
  },
  {
    key: 'pages',
    path: paths.pages,
    icon: <FileTextOutlined />,
    call: contentAdmin.contentPagesList,
    page: lazy(() => import('../features/pages/pages-page')),
  },
  {
    key: 'messages',
    path: paths.messages,
    icon: <MailOutlined />,
    call: messagesAdmin.messagesSent,
    page: lazy(() => import('../features/messages/messages-page')),
  },
  {
    key: 'feedback',
    path: paths.feedback,
    icon: <MessageOutlined />,
    call: feedbackAdmin.feedbackList,
    page: lazy(() => import('../features/feedback/feedback-page')),
  },
  {
    key: 'audit',
    path: paths.audit,
    icon: <AuditOutlined />,
    call: playersAdmin.auditList,
    page: lazy(() => import('../features/audit/audit-page')),
  },
  {
    key: 'smsOutbox',
    path: paths.smsOutbox,
    icon: <MessageOutlined />,
    call: securityAdmin.smsOutbox,
    page: lazy(() => import('../features/sms/sms-outbox-page')),
  },
  {
    key: 'operators',
    path: paths.operators,
    icon: <IdcardOutlined />,
    call: operatorsAdmin.operatorsList,
    page: lazy(() => import('../features/operators/operators-page')),
  },
];

/** The sections a role may open, in menu order. */
export const sectionsFor = (role: Role): Section[] => sections.filter((s) => operatorCalls.mayCall(role, s.call));
