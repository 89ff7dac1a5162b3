import { addResources } from '../../lib/i18n';

addResources({
  'zh-CN': {
    'home.games.lobby': '游戏大厅',
    'home.games.cat.taiqiu': '台球',
    'home.games.cat.slots': '电子',
    'home.games.cat.poker': '棋牌',
    'home.games.empty': '该分类暂无游戏，敬请期待',
    'home.games.loadFailed': '游戏列表加载失败',
    'home.games.play': '进入 {{name}}',
  },
  en: {
    'home.games.lobby': 'Games',
    'home.games.cat.taiqiu': 'Billiards',
    'home.games.cat.slots': 'Slots',
    'home.games.cat.poker': 'Poker',
    'home.games.empty': 'No games in this category yet. Check back soon.',
    'home.games.loadFailed': 'Could not load the games',
    'home.games.play': 'Play {{name}}',
  },
});
