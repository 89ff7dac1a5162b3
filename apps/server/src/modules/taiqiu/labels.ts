import type { Lang, taiqiu } from '@breakshot/contracts';

/** Names of markets and selections in the reader's language. */

const MARKET_NAMES: Record<taiqiu.MarketType, Record<Lang, string>> = {
  winner: { 'zh-CN': '独赢', en: 'Winner' },
  handicap: { 'zh-CN': '让局', en: 'Frame handicap' },
  total: { 'zh-CN': '大小', en: 'Total frames' },
  oddeven: { 'zh-CN': '单双', en: 'Odd/Even' },
};

const PICK_WORDS: Record<'over' | 'under' | 'odd' | 'even', Record<Lang, string>> = {
  over: { 'zh-CN': '大', en: 'Over' },
  under: { 'zh-CN': '小', en: 'Under' },
  odd: { 'zh-CN': '单', en: 'Odd' },
  even: { 'zh-CN': '双', en: 'Even' },
};

export const marketName = (type: taiqiu.MarketType, lang: Lang) => MARKET_NAMES[type][lang];

/** −1.5, +1.5, 0 */
export const signedLine = (line: number) => (line > 0 ? `+${line}` : line < 0 ? `−${-line}` : '0');

export interface Players {
  a: string;
  b: string;
}

/** "林浩然", "林浩然 −1.5", "大 7.5", "单" (or the English words). */
export function selectionName(
  type: taiqiu.MarketType,
  line: number | null,
  pick: taiqiu.Pick,
  players: Players,
  lang: Lang,
): string {
  if (pick === 'a' || pick === 'b') {
    const name = players[pick];
    if (type !== 'handicap' || line === null) return name;
    return `${name} ${signedLine(pick === 'a' ? line : -line)}`;
  }
  const word = PICK_WORDS[pick][lang];
  return type === 'total' && line !== null ? `${word} ${line}` : word;
}
