import BillOutline from 'antd-mobile-icons/es/BillOutline';
import UnorderedListOutline from 'antd-mobile-icons/es/UnorderedListOutline';
import { createElement, type ReactNode } from 'react';
import type { RouteId } from '../../lib/paths';

export interface GridEntry {
  /** Route the tile opens; its title (title.<route>) is the label. */
  route: RouteId;
  icon: ReactNode;
  /** Shows the unread message count (我的消息). */
  badge?: 'unread';
}

/**
 * The /user grid (SCREENS order: 资金明细, 投注记录, 个人报表, 我的消息, VIP, 福利中心, 领奖, 天天转,
 * 优惠, 分享赚钱, 代理中心, 帮助, 反馈, 商务合作, 关于). A tile appears when its page lands:
 * the issue that builds the page adds one line here, e.g.
 *   { route: 'zijinmingxi', icon: createElement(BillOutline) },
  { route: 'touzhulogs', icon: createElement(UnorderedListOutline) },
 */
export const USER_GRID: GridEntry[] = [
  { route: 'zijinmingxi', icon: createElement(BillOutline) },
  { route: 'touzhulogs', icon: createElement(UnorderedListOutline) },
];
