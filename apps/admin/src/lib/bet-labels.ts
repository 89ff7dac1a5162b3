import type { taiqiu, taiqiuAdmin } from '@breakshot/contracts';

/*
 * How the console names the billiards book's market types and a bet's statuses: the billiards
 * pages, a player's bets and the ticker say the same.
 */

/** The book's market types (docs/design.md §9), by their contract names. */
export const marketTypeLabels: Record<taiqiu.MarketType, string> = {
  winner: '独赢',
  handicap: '让局',
  total: '大小',
  oddeven: '单双',
  correct_score: '波胆',
  race_to: '先赢N局',
  frame_winner: '单局胜者',
  frame_points: '单局总分',
  frame_fifty: '单局单杆50+',
  century: '单杆破百',
  high_break: '最高单杆',
};

/** A bet's status (billiards, and the other games' bets in a player's list). */
export const betStatusLabels: Record<taiqiu.BetStatus, string> = {
  pending: '确认中',
  open: '未结算',
  won: '赢',
  lost: '输',
  void: '已取消',
  rejected: '未接受',
  cashout: '已提前结算',
};

/** What a selection of a settled market turned out (result corrections, docs/design.md §9). */
export const selectionOutcomeLabels: Record<taiqiuAdmin.SelectionOutcome, string> = {
  won: '赢',
  lost: '输',
  void: '作废',
};
