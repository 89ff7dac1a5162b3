import { addResources } from '../../lib/i18n';

/** Texts of the debt notice (/user and fund details); a correction's move reads as its ledger entry type. */
const zh: Record<string, string> = {
  'wallet.debt.title': '待扣回欠款',
  'wallet.debt.text': '因赛果更正，已派彩需收回。之后的充值、派彩、奖励与返水将优先抵扣。',
  'wallet.debt.details': '明细',
  'wallet.debt.repayment': '到账抵扣',
};

const en: Record<string, string> = {
  'wallet.debt.title': 'Owed',
  'wallet.debt.text':
    'A corrected result took back a payout; your next deposits, payouts, rewards and rebates clear it first.',
  'wallet.debt.details': 'Details',
  'wallet.debt.repayment': 'Cleared by a credit',
};

addResources({ 'zh-CN': zh, en });

/** Both languages, for the completeness test. */
export const DEBT_TEXTS = { 'zh-CN': zh, en };
