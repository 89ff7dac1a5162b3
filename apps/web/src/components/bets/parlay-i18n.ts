import { addResources, type Resources } from '../../lib/i18n';

/** Texts of a parlay's (串关) details in the bet records. */
export const PARLAY_DETAIL_TEXTS: Resources = {
  'zh-CN': {
    'bets.parlay.title': '串关 {{system}}',
    'bets.parlay.unit': '每注 {{unit}} × {{n}} 注',
    'bets.parlay.potential': '最高可赢',
    'bets.parlay.legs': '串关明细（{{n}} 场）',
    'bets.parlay.leg.open': '未结算',
    'bets.parlay.leg.won': '赢',
    'bets.parlay.leg.lost': '输',
    'bets.parlay.leg.void': '走盘',
    'bets.parlay.awaitingCorrection': '赛果已更正：本串关待其余场次结束后，按更正后的结果重新结算。',
  },
  en: {
    'bets.parlay.title': 'Parlay {{system}}',
    'bets.parlay.unit': '{{unit}} per bet × {{n}} bets',
    'bets.parlay.potential': 'Max return',
    'bets.parlay.legs': 'Legs ({{n}} matches)',
    'bets.parlay.leg.open': 'Open',
    'bets.parlay.leg.won': 'Won',
    'bets.parlay.leg.lost': 'Lost',
    'bets.parlay.leg.void': 'Void',
    'bets.parlay.awaitingCorrection':
      'A result was corrected: this parlay will be settled again on the corrected result once its other matches end.',
  },
};

addResources(PARLAY_DETAIL_TEXTS);
