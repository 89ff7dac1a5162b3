import BillOutline from 'antd-mobile-icons/es/BillOutline';
import CompassOutline from 'antd-mobile-icons/es/CompassOutline';
import CouponOutline from 'antd-mobile-icons/es/CouponOutline';
import EditSOutline from 'antd-mobile-icons/es/EditSOutline';
import GiftOutline from 'antd-mobile-icons/es/GiftOutline';
import HistogramOutline from 'antd-mobile-icons/es/HistogramOutline';
import InformationCircleOutline from 'antd-mobile-icons/es/InformationCircleOutline';
import LinkOutline from 'antd-mobile-icons/es/LinkOutline';
import MailOutline from 'antd-mobile-icons/es/MailOutline';
import QuestionCircleOutline from 'antd-mobile-icons/es/QuestionCircleOutline';
import StarOutline from 'antd-mobile-icons/es/StarOutline';
import TagOutline from 'antd-mobile-icons/es/TagOutline';
import TeamOutline from 'antd-mobile-icons/es/TeamOutline';
import UserSetOutline from 'antd-mobile-icons/es/UserSetOutline';
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
 * The /user grid (docs/screens.md order: 资金明细, 投注记录, 个人报表, 我的消息, VIP, 福利中心, 领奖, 天天转,
 * 优惠, 分享赚钱, 代理中心, 帮助, 反馈, 商务合作, 关于). A tile appears when its page lands:
 * the issue that builds the page adds its line here, in that order.
 */
export const USER_GRID: GridEntry[] = [
  { route: 'zijinmingxi', icon: createElement(BillOutline) },
  { route: 'touzhulogs', icon: createElement(UnorderedListOutline) },
  { route: 'gerenbaobiao', icon: createElement(HistogramOutline) },
  { route: 'myMessage', icon: createElement(MailOutline), badge: 'unread' },
  { route: 'myVip', icon: createElement(StarOutline) },
  { route: 'fuli', icon: createElement(GiftOutline) },
  { route: 'lingjiang', icon: createElement(CouponOutline) },
  { route: 'tiantianzhuan', icon: createElement(CompassOutline) },
  { route: 'youhui', icon: createElement(TagOutline) },
  { route: 'share', icon: createElement(LinkOutline) },
  { route: 'dlShouye', icon: createElement(UserSetOutline) },
  { route: 'bangzhu', icon: createElement(QuestionCircleOutline) },
  { route: 'fankui', icon: createElement(EditSOutline) },
  { route: 'shangwu', icon: createElement(TeamOutline) },
  { route: 'guanyu', icon: createElement(InformationCircleOutline) },
];
