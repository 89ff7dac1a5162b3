/* Texts of the favourite stars (match page) and what /home says of favourites. */
import { addResources, type Resources } from '../../lib/i18n';

export const FAVOURITE_TEXTS: Resources = {
  'zh-CN': {
    'fav.match': '收藏本场比赛',
    'fav.player': '收藏选手 {{name}}',
    'fav.failed': '收藏未保存：{{reason}}',
    'fav.full': '最多收藏 {{n}} 项，请先取消一些收藏',
  },
  en: {
    'fav.match': 'Star this match',
    'fav.player': 'Star {{name}}',
    'fav.failed': 'Favourite not saved: {{reason}}',
    'fav.full': 'You can keep up to {{n}} favourites; unstar some first',
  },
};

addResources(FAVOURITE_TEXTS);
