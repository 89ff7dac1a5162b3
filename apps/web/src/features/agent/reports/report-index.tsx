import BillOutline from 'antd-mobile-icons/es/BillOutline';
import CalculatorOutline from 'antd-mobile-icons/es/CalculatorOutline';
import CalendarOutline from 'antd-mobile-icons/es/CalendarOutline';
import CollectMoneyOutline from 'antd-mobile-icons/es/CollectMoneyOutline';
import FileOutline from 'antd-mobile-icons/es/FileOutline';
import LockOutline from 'antd-mobile-icons/es/LockOutline';
import PayCircleOutline from 'antd-mobile-icons/es/PayCircleOutline';
import PieOutline from 'antd-mobile-icons/es/PieOutline';
import ReceiptOutline from 'antd-mobile-icons/es/ReceiptOutline';
import ReceivePaymentOutline from 'antd-mobile-icons/es/ReceivePaymentOutline';
import StarOutline from 'antd-mobile-icons/es/StarOutline';
import UnorderedListOutline from 'antd-mobile-icons/es/UnorderedListOutline';
import type { ReactNode } from 'react';
import type { RouteId } from '../../../lib/paths';
import type { AgentProfile } from '../api/home';
import type { ReportColumn } from './report-config';

type Figures = AgentProfile['figures'];

/** A report's headline of today: a figure of agent/home (label key agent.figure.<key>). */
export interface Headline {
  key: keyof Figures | 'netToday' | 'myRatio';
  format: ReportColumn['format'];
  value: (p: AgentProfile) => number;
}

export interface ReportEntry {
  route: RouteId;
  icon: ReactNode;
  headline?: Headline;
}

const figure = (key: keyof Figures, format: ReportColumn['format'] = 'money'): Headline => ({
  key,
  format,
  value: (p) => p.figures[key],
});

/** The agent's reports in the order of the grid (shouye) and the index (baobiao), each with today's figure. */
export const REPORT_INDEX: readonly ReportEntry[] = [
  { route: 'dlTuanduisy', icon: <StarOutline />, headline: figure('commissionToday') },
  { route: 'dlHlfybb', icon: <CollectMoneyOutline />, headline: figure('rebatesToday') },
  { route: 'dlYxsy', icon: <PayCircleOutline />, headline: figure('validBetToday') },
  { route: 'dlYouxi', icon: <UnorderedListOutline />, headline: figure('winLossToday', 'signed') },
  {
    route: 'dlJsybb',
    icon: <CalculatorOutline />,
    headline: {
      key: 'netToday',
      format: 'signed',
      value: ({ figures: f }) => f.winLossToday + f.rebatesToday + f.bonusesToday,
    },
  },
  { route: 'dlChongzhibb', icon: <ReceivePaymentOutline />, headline: figure('depositsToday') },
  { route: 'dlChongtissf', icon: <ReceiptOutline />, headline: figure('feesToday') },
  { route: 'dlFenhongbb', icon: <BillOutline />, headline: figure('dividendWeek') },
  {
    route: 'dlFenhongbili',
    icon: <PieOutline />,
    headline: { key: 'myRatio', format: 'bp', value: (p) => p.dividendRatioBp },
  },
  { route: 'dlPingtaifenyong', icon: <FileOutline /> },
  { route: 'dlDezhoubaoxian', icon: <LockOutline />, headline: figure('insuranceNetToday', 'signed') },
  { route: 'dlNumberTable', icon: <CalendarOutline />, headline: figure('registrationsToday', 'count') },
];
