import { addResources } from '../../lib/i18n';

addResources({
  'zh-CN': {
    'games.opening': '正在进入游戏…',
    'games.openFailed': '游戏打开失败',
    'games.badUrl': '游戏地址无效，请联系客服',
    'games.balance': '余额',
  },
  en: {
    'games.opening': 'Opening the game…',
    'games.openFailed': 'Could not open the game',
    'games.badUrl': 'The game address is not valid. Please contact support.',
    'games.balance': 'Balance',
  },
});
