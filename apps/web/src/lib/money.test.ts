import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';
import { pathTo, safeRedirect } from './paths';

describe('formatMoney', () => {
  it('formats minor units with two decimals, separators and the sign', () => {
    expect(formatMoney(123456)).toBe('¥1,234.56');
    expect(formatMoney(0)).toBe('¥0.00');
    expect(formatMoney(5)).toBe('¥0.05');
    expect(formatMoney(-100050, '$')).toBe('-$1,000.50');
    expect(formatMoney(123456789012)).toBe('¥1,234,567,890.12');
  });
});

describe('paths', () => {
  it('builds paths from the table', () => {
    expect(pathTo('home')).toBe('/home');
    expect(pathTo('taiqiu', { id: 7 })).toBe('/taiqiu/7');
    expect(pathTo('invite', { inviteCode: 'ABC' })).toBe('/ABC');
    expect(pathTo('invite')).toBe('/');
    expect(pathTo('home', {}, { invite: 'ABC' })).toBe('/home?invite=ABC');
    expect(() => pathTo('dlUserjsy')).toThrow(/date/);
  });
  it('accepts only same-site redirects', () => {
    expect(safeRedirect('/user/qukuan?x=1')).toBe('/user/qukuan?x=1');
    expect(safeRedirect('//evil.com')).toBeNull();
    expect(safeRedirect('https://evil.com')).toBeNull();
    expect(safeRedirect('/login?redirect=/x')).toBeNull();
    expect(safeRedirect(null)).toBeNull();
  });
});
