import { addResources } from '../../lib/i18n';

/** Texts of the lazy games section (home-live.tsx), kept out of the start-up bundle. */
addResources({
  'zh-CN': {
    'home.live.billiards': '台球赛事',
    'home.live.rules': '玩法规则',
    'home.live.status.scheduled': '可投注',
    'home.live.status.live': '比赛中',
    'home.live.status.finished': '已结束',
    'home.live.status.cancelled': '已取消',
    'home.live.bestOf': '{{n}} 局制',
    'home.live.win': '{{name}} 胜',
    'home.live.suspended': '暂停',
    'home.live.noMatches': '暂无进行中或即将开始的比赛，稍后再来看看',
    'home.live.matchesFailed': '赛事加载失败',
  },
  en: {
    'home.live.billiards': 'Billiards',
    'home.live.rules': 'Rules',
    'home.live.status.scheduled': 'Open for bets',
    'home.live.status.live': 'In play',
    'home.live.status.finished': 'Finished',
    'home.live.status.cancelled': 'Cancelled',
    'home.live.bestOf': 'Best of {{n}}',
    'home.live.win': '{{name}} to win',
    'home.live.suspended': 'Suspended',
    'home.live.noMatches': 'No live or upcoming matches right now. Check back soon',
    'home.live.matchesFailed': 'Could not load matches',
  },
});
