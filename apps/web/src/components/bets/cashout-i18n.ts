import { addResources, type Resources } from '../../lib/i18n';

/** Texts of what the bet records say of cash-outs (提前结算): the figures and a bet's cash-outs. */
export const CASHOUT_RECORD_TEXTS: Resources = {
  'zh-CN': {
    'bets.co.stake': '已提前结算本金',
    'bets.co.paid': '提前结算金额',
    'bets.co.title': '提前结算记录（{{n}} 笔）',
    'bets.co.auto': '自动',
    'bets.co.manual': '手动',
    'bets.co.stakePart': '结算本金',
    'bets.co.paidPart': '结算金额',
  },
  en: {
    'bets.co.stake': 'Stake cashed out',
    'bets.co.paid': 'Cash-out paid',
    'bets.co.title': 'Cash-outs ({{n}})',
    'bets.co.auto': 'Auto',
    'bets.co.manual': 'Manual',
    'bets.co.stakePart': 'Stake',
    'bets.co.paidPart': 'Paid',
  },
};

addResources(CASHOUT_RECORD_TEXTS);
