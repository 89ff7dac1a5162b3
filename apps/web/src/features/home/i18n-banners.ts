import { addResources } from '../../lib/i18n';

/** Texts of the banners section (home-banners.tsx). */
addResources({
  'zh-CN': {
    'home.live.banners': '活动横幅',
    'home.live.notices': '公告',
  },
  en: {
    'home.live.banners': 'Promotions',
    'home.live.notices': 'Announcements',
  },
});
