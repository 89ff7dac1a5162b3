import '../../components/wallet/i18n';
import { addResources } from '../../lib/i18n';

const zh: Record<string, string> = {
  // ledger
  'wallet.ledger.emptyTitle': '暂无资金明细',
  'wallet.ledger.emptyText': '所选时间内的充值、提款、投注、派彩、返水等每一笔资金变动都会显示在这里',
  'wallet.ledger.balanceAfter': '余额',
  'wallet.ledger.balanceAfterLabel': '变动后余额',
  'wallet.ledger.type': '类型',
  'wallet.ledger.time': '时间',
  'wallet.ledger.reference': '关联单号',
  'wallet.ledger.source': '来源',
  'wallet.ledger.memo': '备注',
  'wallet.ledger.transferId': '流水号',
  'wallet.ledger.entryId': '记录编号',
  'wallet.ledger.openSource': '查看来源',
  'wallet.ledger.badId': '缺少明细编号',
  'wallet.entry.deposit': '充值',
  'wallet.entry.withdrawal': '提款',
  'wallet.entry.withdrawal_refund': '提款退回',
  'wallet.entry.bet': '投注',
  'wallet.entry.payout': '派彩',
  'wallet.entry.refund': '退款',
  'wallet.entry.rebate': '返水',
  'wallet.entry.bonus': '优惠奖励',
  'wallet.entry.commission': '佣金',
  'wallet.entry.dividend': '分红',
  'wallet.entry.agent_transfer': '代理转账',
  'wallet.entry.agent_transfer_in': '代理转入',
  'wallet.entry.agent_transfer_out': '代理转出',
  'wallet.entry.adjustment': '人工调整',
  'wallet.source.deposit_orders': '充值订单',
  'wallet.source.withdrawal_orders': '取款订单',
  'wallet.source.admin_audit': '人工调整',
  'wallet.source.bets': '注单',
  'wallet.source.other': '业务单据',
};

const en: Record<string, string> = {
  'wallet.ledger.emptyTitle': 'No fund movements',
  'wallet.ledger.emptyText':
    'Every deposit, withdrawal, bet, payout, rebate and other change of your balance in the chosen period appears here',
  'wallet.ledger.balanceAfter': 'Balance',
  'wallet.ledger.balanceAfterLabel': 'Balance after',
  'wallet.ledger.type': 'Type',
  'wallet.ledger.time': 'Time',
  'wallet.ledger.reference': 'Reference',
  'wallet.ledger.source': 'Source',
  'wallet.ledger.memo': 'Note',
  'wallet.ledger.transferId': 'Transfer',
  'wallet.ledger.entryId': 'Entry',
  'wallet.ledger.openSource': 'Open source',
  'wallet.ledger.badId': 'No entry id',
  'wallet.entry.deposit': 'Deposit',
  'wallet.entry.withdrawal': 'Withdrawal',
  'wallet.entry.withdrawal_refund': 'Withdrawal returned',
  'wallet.entry.bet': 'Bet',
  'wallet.entry.payout': 'Payout',
  'wallet.entry.refund': 'Refund',
  'wallet.entry.rebate': 'Rebate',
  'wallet.entry.bonus': 'Bonus & rewards',
  'wallet.entry.commission': 'Commission',
  'wallet.entry.dividend': 'Dividend',
  'wallet.entry.agent_transfer': 'Agent transfer',
  'wallet.entry.agent_transfer_in': 'Agent transfer in',
  'wallet.entry.agent_transfer_out': 'Agent transfer out',
  'wallet.entry.adjustment': 'Manual adjustment',
  'wallet.source.deposit_orders': 'Deposit order',
  'wallet.source.withdrawal_orders': 'Withdrawal order',
  'wallet.source.admin_audit': 'Operator adjustment',
  'wallet.source.bets': 'Bet slip',
  'wallet.source.other': 'Business record',
};

addResources({ 'zh-CN': zh, en });

/** Both languages, for the completeness test. */
export const WALLET_TEXTS = { 'zh-CN': zh, en };
