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

/*
 * A small translator in place of i18next (about 12 KB gzip of the start-up bundle): the
 * app only looks texts up by flat key, falls back to Chinese, and fills `{{name}}` placeholders.
 */
const texts: Resources = { 'zh-CN': { ...common['zh-CN'] }, en: { ...common.en } };
let language: Language = initialLanguage();

/**
 * Marks the page with the language and mirrors it into the `lang` cookie, so the server inlines
 * the first screen's texts in it (apps/server platform/app-shell.ts).
 */
function applyLanguage(lang: Language): void {
  if (typeof document === 'undefined') return; // rendered on the server (src/ssr)
  document.documentElement.lang = lang;
  document.cookie = `lang=${lang}; path=/; max-age=31536000; samesite=lax`;
}
applyLanguage(language);

/** Adds a feature's texts (called at import time of the feature's module). */
export function addResources(res: Resources): void {
  for (const lang of LANGUAGES) Object.assign(texts[lang], res[lang]);
}

export function currentLanguage(): Language {
  return language;
}

/** The server's render (src/ssr) in the request's language: nothing kept, no page to mark. */
export function setRenderLanguage(lang: Language): void {
  language = lang;
}

const listeners = new Set<() => void>();
/** Switches language, persists it and re-renders every `useT` user. */
export async function setLanguage(lang: Language): Promise<void> {
  language = lang;
  storage.set(LANGUAGE_KEY, lang);
  applyLanguage(lang);
  for (const fn of listeners) fn();
}

const own = (o: Record<string, unknown> | undefined, k: string) => (o && Object.hasOwn(o, k) ? o[k] : undefined);
const PLACEHOLDER = /\{\{(.+?)\}\}/g;

/**
 * The text of `key` in the current language, else in Chinese, else `params.defaultValue`, else the
 * key itself. `{{name}}` takes `params.name` (null gives ''); a placeholder without a param stays.
 */
export const t = (key: string, params?: Record<string, unknown>): string => {
  const text = own(texts[language], key) ?? own(texts['zh-CN'], key) ?? own(params, 'defaultValue') ?? key;
  if (!params) return String(text);
  return String(text).replace(PLACEHOLDER, (match, name: string) => {
    const k = name.trim();
    return Object.hasOwn(params, k) ? String(params[k] ?? '') : match;
  });
};

function subscribe(fn: () => void) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** React binding: re-renders on language change; returns `t` and the language. */
export function useT(): { t: typeof t; lang: Language } {
  const lang = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  return { t, lang };
}
