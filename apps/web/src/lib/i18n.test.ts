import { afterEach, describe, expect, it } from 'vitest';
import { addResources, currentLanguage, setLanguage, t } from './i18n';
import { LANGUAGE_KEY, storage } from './storage';

addResources({
  'zh-CN': { 'i18nTest.hello': '你好，{{name}}', 'i18nTest.zhOnly': '只有中文', 'i18nTest.twice': '{{n}} 和 {{ n }}' },
  en: { 'i18nTest.hello': 'Hello, {{name}}', 'i18nTest.twice': '{{n}} and {{ n }}' },
});

describe('the translator', () => {
  afterEach(() => setLanguage('zh-CN'));

  it('looks texts up in the current language and fills placeholders', async () => {
    expect(t('i18nTest.hello', { name: '小明' })).toBe('你好，小明');
    await setLanguage('en');
    expect(currentLanguage()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(storage.get(LANGUAGE_KEY)).toBe('en');
    expect(t('i18nTest.hello', { name: 'Ming' })).toBe('Hello, Ming');
    expect(t('i18nTest.twice', { n: 3 })).toBe('3 and 3');
  });

  it('falls back to Chinese, then to defaultValue, then to the key', async () => {
    await setLanguage('en');
    expect(t('i18nTest.zhOnly')).toBe('只有中文');
    expect(t('i18nTest.missing', { defaultValue: '' })).toBe('');
    expect(t('i18nTest.missing')).toBe('i18nTest.missing');
    expect(t('constructor')).toBe('constructor');
  });

  it('leaves a placeholder without a param as it is; a null or undefined param gives ""', () => {
    expect(t('i18nTest.hello')).toBe('你好，{{name}}');
    expect(t('i18nTest.hello', {})).toBe('你好，{{name}}');
    expect(t('i18nTest.hello', { name: null })).toBe('你好，');
    expect(t('i18nTest.hello', { name: undefined })).toBe('你好，');
  });
});
