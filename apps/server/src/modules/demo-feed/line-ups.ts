import { randomInt } from 'node:crypto';

/* Who plays the demo matches and how long they are: public anyway, drawn from crypto randomness. */

const FAMILY = [
  '林',
  '陈',
  '王',
  '赵',
  '周',
  '吴',
  '郑',
  '孙',
  '李',
  '黄',
  '何',
  '高',
  '罗',
  '梁',
  '宋',
  '谢',
  '韩',
  '唐',
];
const GIVEN = [
  '浩然',
  '子轩',
  '一鸣',
  '天宇',
  '思远',
  '俊杰',
  '博文',
  '嘉豪',
  '明轩',
  '志强',
  '家乐',
  '远航',
  '晨阳',
  '子健',
  '文博',
  '宇航',
  '立诚',
  '景行',
];
const BEST_OF_DRAW = [5, 7, 7, 9, 9, 11];

const pickName = () => `${FAMILY[randomInt(FAMILY.length)]}${GIVEN[randomInt(GIVEN.length)]}`;

export interface LineUp {
  playerA: string;
  playerB: string;
  bestOf: number;
  /** a's chance of a frame: 0.40 – 0.60. */
  frameWinA: number;
}

export function drawLineUp(): LineUp {
  const playerA = pickName();
  let playerB = pickName();
  while (playerB === playerA) playerB = pickName();
  return {
    playerA,
    playerB,
    bestOf: BEST_OF_DRAW[randomInt(BEST_OF_DRAW.length)]!,
    frameWinA: randomInt(40, 61) / 100,
  };
}

/** A whole number of ms in [lo, hi]. */
export const between = ([lo, hi]: readonly [number, number]) => randomInt(lo, hi + 1);
