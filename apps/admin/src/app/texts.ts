import type { Role } from '../lib/session';

export const appTexts = {
  title: 'Breakshot 运营后台',
  short: 'Breakshot',
  logout: '退出登录',
  mute: '关闭提示音',
  unmute: '开启提示音',
  loggedOut: '已退出登录',
  forbidden: '当前角色无权访问此页面',
  backHome: '返回首页',
  notFound: '页面不存在',
  loading: '加载中…',
  menu: {
    dashboard: '数据概览',
    players: '玩家管理',
    deposits: '充值管理',
    withdrawals: '提现审核',
    billiards: '台球赛事',
    channels: '支付通道',
    notices: '公告管理',
    pages: '规则页面',
    audit: '操作日志',
  },
};

export const roleLabels: Record<Role, string> = {
  admin: '管理员',
  finance: '财务',
  risk: '风控',
  content: '内容运营',
};
