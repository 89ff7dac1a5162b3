import type { Lang, taiqiu } from '@breakshot/contracts';

/** Names of markets and selections in the reader's language. */

type Words = Record<Lang, string>;

/** {n}: the market's frame; {line}: its line. */
const MARKET_NAMES: Record<taiqiu.MarketType, Words> = {
  winner: { 'zh-CN': '独赢', en: 'Winner' },
  handicap: { 'zh-CN': '让局', en: 'Frame handicap' },
  total: { 'zh-CN': '大小', en: 'Total frames' },
  oddeven: { 'zh-CN': '单双', en: 'Odd/Even' },
  correct_score: { 'zh-CN': '波胆', en: 'Correct score' },
  race_to: { 'zh-CN': '先赢{line}局', en: 'Race to {line}' },
  frame_winner: { 'zh-CN': '第{n}局 胜者', en: 'Frame {n} winner' },
  frame_points: { 'zh-CN': '第{n}局 总分', en: 'Frame {n} total points' },
  frame_fifty: { 'zh-CN': '第{n}局 单杆50+', en: 'Frame {n}: a 50+ break' },
  century: { 'zh-CN': '单杆破百', en: 'A century break' },
  high_break: { 'zh-CN': '最高单杆', en: 'Highest break' },
};

const PICK_WORDS: Record<'over' | 'under' | 'odd' | 'even' | 'yes' | 'no', Words> = {
  over: { 'zh-CN': '大', en: 'Over' },
  under: { 'zh-CN': '小', en: 'Under' },
  odd: { 'zh-CN': '单', en: 'Odd' },
  even: { 'zh-CN': '双', en: 'Even' },
  yes: { 'zh-CN': '是', en: 'Yes' },
  no: { 'zh-CN': '否', en: 'No' },
};

/** What names a market besides its type. */
export interface MarketPlace {
  line: number | null;
  frame: number | null;
}

export const marketName = (type: taiqiu.MarketType, lang: Lang, at: MarketPlace) =>
  MARKET_NAMES[type][lang].replace('{n}', String(at.frame ?? '')).replace('{line}', String(at.line ?? ''));

/** −1.5, +1.5, 0 */
export const signedLine = (line: number) => (line > 0 ? `+${line}` : line < 0 ? `−${-line}` : '0');

export interface Players {
  a: string;
  b: string;
}

/** Types whose over/under picks read with their line: "大 7.5". */
const LINED: taiqiu.MarketType[] = ['total', 'frame_points', 'high_break'];

/** "林浩然", "林浩然 −1.5", "大 7.5", "单", "是", "4:2" (or the English words). */
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
  if (!(pick in PICK_WORDS)) return pick;
  const word = PICK_WORDS[pick as keyof typeof PICK_WORDS][lang];
  return LINED.includes(type) && line !== null ? `${word} ${line}` : word;
}
