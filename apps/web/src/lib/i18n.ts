import i18next from 'i18next';
import { useSyncExternalStore } from 'react';
import { LANGUAGE_KEY, storage } from './storage';

export type Language = 'zh-CN' | 'en';
export const LANGUAGES: readonly Language[] = ['zh-CN', 'en'];
export type Resources = Record<Language, Record<string, string>>;

/** Texts of the shell (TopBar, TabBar, guard, shared states). Features add their own with addResources. */
const common: Resources = {
  'zh-CN': {
    'tab.home': '首页',
    'tab.youhui': '优惠',
    'tab.touzhu': '投注记录',
    'tab.fanshui': '返水',
    'tab.user': '我的',
    'guard.loginFirst': '请先登录',
    'common.retry': '重试',
    'common.loadFailed': '加载失败',
    'common.networkError': '网络异常，请检查网络后重试',
    'common.timeout': '请求超时，请稍后重试',
    'common.back': '返回',
    'common.backHome': '返回首页',
    'common.notAvailable': '暂未开放',
    'common.notAvailableHint': '该功能正在建设中，敬请期待',
    'common.notFound': '页面不存在',
    'common.cancel': '取消',
    'common.confirm': '确定',
  },
  en: {
    'tab.home': 'Home',
    'tab.youhui': 'Promos',
    'tab.touzhu': 'Bets',
    'tab.fanshui': 'Rebate',
    'tab.user': 'Me',
    'guard.loginFirst': 'Please log in first',
    'common.retry': 'Retry',
    'common.loadFailed': 'Could not load',
    'common.networkError': 'Network error, please check your connection and retry',
    'common.timeout': 'The request timed out, please try again',
    'common.back': 'Back',
    'common.backHome': 'Back to home',
    'common.notAvailable': 'Not available yet',
    'common.notAvailableHint': 'This feature is on its way. Please check back soon.',
    'common.notFound': 'Page not found',
    'common.cancel': 'Cancel',
    'common.confirm': 'OK',
  },
};

function initialLanguage(): Language {
  try {
    const saved = storage.get<string>(LANGUAGE_KEY);
    if (saved === 'en' || saved === 'zh-CN') return saved;
  } catch {
    /* storage unavailable */
  }
  return 'zh-CN';
}

void i18next.init({
  lng: initialLanguage(),
  fallbackLng: 'zh-CN',
  resources: { 'zh-CN': { translation: common['zh-CN'] }, en: { translation: common.en } },
  interpolation: { escapeValue: false },
  initAsync: false,
});
document.documentElement.lang = i18next.language;

/** Adds a feature's texts (called at import time of the feature's module). */
export function addResources(res: Resources): void {
  for (const lang of LANGUAGES) i18next.addResources(lang, 'translation', res[lang]);
}

export function currentLanguage(): Language {
  return i18next.language === 'en' ? 'en' : 'zh-CN';
}

const listeners = new Set<() => void>();
/** Switches language, persists it and re-renders every `useT` user. */
export async function setLanguage(lang: Language): Promise<void> {
  await i18next.changeLanguage(lang);
  storage.set(LANGUAGE_KEY, lang);
  document.documentElement.lang = lang;
  for (const fn of listeners) fn();
}

export const t = (key: string, params?: Record<string, unknown>): string => i18next.t(key, params);

function subscribe(fn: () => void) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** React binding: re-renders on language change; returns `t` and the language. */
export function useT(): { t: typeof t; lang: Language } {
  const lang = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  return { t, lang };
}
