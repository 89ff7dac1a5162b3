import { addResources, type Resources } from '../../lib/i18n';

/** Texts of the bet slip once an in-play bet is sent: pending (确认中), accepted, rejected. */
export const SLIP_TEXTS: Resources = {
  'zh-CN': {
    'taiqiu.slip.betNo': '注单号',
    'taiqiu.slip.pending.title': '确认中',
    'taiqiu.slip.pending.text': '滚球投注确认中，约 {{n}} 秒后生效',
    'taiqiu.slip.pending.almost': '即将完成确认…',
    'taiqiu.slip.pending.checking': '正在查询投注结果…',
    'taiqiu.slip.pending.held': '投注金额已暂扣，未被接受将全额退回',
    'taiqiu.slip.pending.hide': '收起，稍后在“我的投注”查看',
    'taiqiu.slip.accepted.text': '已按赔率 {{odds}} 接受',
    'taiqiu.slip.accepted.moved': '赔率已变化：{{from}} → {{to}}，已按新赔率接受',
    'taiqiu.slip.rejected.title': '未接受',
    'taiqiu.slip.rejected.refund': '投注金额 {{amount}} 已退回余额',
    'taiqiu.slip.view': '查看注单',
    'taiqiu.slip.again': '重新投注',
    'taiqiu.slip.done': '完成',
    'taiqiu.slip.toast.accepted': '投注成功 @ {{odds}}',
    'taiqiu.slip.toast.rejected': '投注未接受：{{reason}}',
  },
  en: {
    'taiqiu.slip.betNo': 'Bet no.',
    'taiqiu.slip.pending.title': 'Confirming',
    'taiqiu.slip.pending.text': 'In-play bet being confirmed, about {{n}} s',
    'taiqiu.slip.pending.almost': 'Almost confirmed…',
    'taiqiu.slip.pending.checking': "Checking the bet's status…",
    'taiqiu.slip.pending.held': 'Your stake is held; if the bet is not accepted it all comes back',
    'taiqiu.slip.pending.hide': 'Hide; see it later in My bets',
    'taiqiu.slip.accepted.text': 'Accepted at {{odds}}',
    'taiqiu.slip.accepted.moved': 'The odds changed: {{from}} → {{to}}; accepted at the new odds',
    'taiqiu.slip.rejected.title': 'Not accepted',
    'taiqiu.slip.rejected.refund': 'Your stake of {{amount}} is back in your balance',
    'taiqiu.slip.view': 'View bet',
    'taiqiu.slip.again': 'Bet again',
    'taiqiu.slip.done': 'Done',
    'taiqiu.slip.toast.accepted': 'Bet accepted @ {{odds}}',
    'taiqiu.slip.toast.rejected': 'Bet not accepted: {{reason}}',
  },
};

addResources(SLIP_TEXTS);
