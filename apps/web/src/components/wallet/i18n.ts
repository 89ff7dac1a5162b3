import { addResources } from '../../lib/i18n';

/**
 * Texts shared by the money features (deposit, withdraw, accounts, fund details) and the components
 * of this folder (imported by them, so only lazy pages carry them).
 */
const zh: Record<string, string> = {
  'wallet.orderNo': '订单号',
  'wallet.createdAt': '创建时间',
  'wallet.amount': '金额',
  'wallet.fee': '手续费',
  'wallet.status': '状态',
  'wallet.notFoundOrder': '缺少订单号',
  'wallet.notFoundOrderHint': '请从记录列表中打开订单',
  'wallet.amountPh': '请输入金额',
  'wallet.amountRequired': '请输入金额',
  'wallet.amountFormat': '请输入正确的金额（最多两位小数）',
  'wallet.timeline': '订单进度',
  'wallet.details': '订单信息',
  'wallet.all': '全部',
  'wallet.default': '默认',
  'wallet.withdraw.needFundPassword': '您还没有设置资金密码',
  'wallet.withdraw.needFundPasswordHint': '取款和绑定收款账户都需要资金密码',
  'wallet.withdraw.setFundPassword': '设置资金密码',
  'wallet.type.usdt': 'USDT',
  'wallet.type.wechat': '微信',
  'wallet.type.bank': '银行卡',
  'wallet.type.alipay': '支付宝',
};

const en: Record<string, string> = {
  'wallet.orderNo': 'Order number',
  'wallet.createdAt': 'Created',
  'wallet.amount': 'Amount',
  'wallet.fee': 'Fee',
  'wallet.status': 'Status',
  'wallet.notFoundOrder': 'No order number',
  'wallet.notFoundOrderHint': 'Open an order from the records list',
  'wallet.amountPh': 'Enter an amount',
  'wallet.amountRequired': 'Enter an amount',
  'wallet.amountFormat': 'Enter a valid amount (at most two decimals)',
  'wallet.timeline': 'Progress',
  'wallet.details': 'Order details',
  'wallet.all': 'All',
  'wallet.default': 'Default',
  'wallet.withdraw.needFundPassword': 'No fund password yet',
  'wallet.withdraw.needFundPasswordHint': 'Withdrawals and withdrawal accounts need a fund password',
  'wallet.withdraw.setFundPassword': 'Set fund password',
  'wallet.type.usdt': 'USDT',
  'wallet.type.wechat': 'WeChat',
  'wallet.type.bank': 'Bank card',
  'wallet.type.alipay': 'Alipay',
};

addResources({ 'zh-CN': zh, en });

/** Both languages, for the completeness test. */
export const WALLET_SHARED_TEXTS = { 'zh-CN': zh, en };
