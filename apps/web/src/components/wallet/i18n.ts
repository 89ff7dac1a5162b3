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
  'wallet.fundReset.link': '忘记资金密码？',
  'wallet.fundReset.title': '重置资金密码',
  'wallet.fundReset.sentTo': '验证码将发送至绑定手机 {{mobile}}，验证后设置新的 6 位资金密码。',
  'wallet.fundReset.noMobile': '您还没有绑定手机号',
  'wallet.fundReset.noMobileHint': '资金密码需通过绑定手机的短信验证码重置，请先绑定手机号。',
  'wallet.fundReset.toMobile': '去绑定',
  'wallet.fundReset.new': '新资金密码（6 位数字）',
  'wallet.fundReset.confirm': '确认新资金密码',
  'wallet.fundReset.submit': '确认重置',
  'wallet.fundReset.done': '资金密码已重置',
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
  'wallet.fundReset.link': 'Forgot fund password?',
  'wallet.fundReset.title': 'Reset fund password',
  'wallet.fundReset.sentTo': 'A code goes to your bound mobile {{mobile}}; then set a new 6-digit fund password.',
  'wallet.fundReset.noMobile': 'No mobile bound yet',
  'wallet.fundReset.noMobileHint': 'The fund password is reset with an SMS code to your bound mobile; bind one first.',
  'wallet.fundReset.toMobile': 'Bind now',
  'wallet.fundReset.new': 'New fund password (6 digits)',
  'wallet.fundReset.confirm': 'Confirm new fund password',
  'wallet.fundReset.submit': 'Reset',
  'wallet.fundReset.done': 'Fund password reset',
};

addResources({ 'zh-CN': zh, en });

/** Both languages, for the completeness test. */
export const WALLET_SHARED_TEXTS = { 'zh-CN': zh, en };
