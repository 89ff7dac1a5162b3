import { addResources } from '../../lib/i18n';

addResources({
  'zh-CN': {
    'user.balance': '账户余额',
    'user.frozen': '冻结金额',
    'user.refresh': '刷新余额',
    'user.deposit': '充值',
    'user.withdraw': '取款',
    'user.rebate': '返水',
    'user.services': '常用功能',
    'user.settings': '设置',
    'user.language': '语言',
    'user.logout': '退出登录',
    'user.logoutConfirm': '确定要退出登录吗？',
    'user.loggedOut': '已退出登录',
    'user.joined': '注册于 {{date}}',
  },
  en: {
    'user.balance': 'Balance',
    'user.frozen': 'Frozen',
    'user.refresh': 'Refresh balance',
    'user.deposit': 'Deposit',
    'user.withdraw': 'Withdraw',
    'user.rebate': 'Rebate',
    'user.services': 'Services',
    'user.settings': 'Settings',
    'user.language': 'Language',
    'user.logout': 'Log out',
    'user.logoutConfirm': 'Do you want to log out?',
    'user.loggedOut': 'Logged out',
    'user.joined': 'Joined {{date}}',
  },
});
