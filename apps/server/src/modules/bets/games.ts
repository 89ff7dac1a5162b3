import type { GameType, Lang, cashout, taiqiu } from '@breakshot/contracts';
import type { Conn } from '../../platform/db.js';
import type { BetRow } from './tables.js';

/** How a game names one of its rounds to a reader (billiards: the match, "A vs B", and its start). */
export interface RoundInfo {
  title: string;
  startAt: Date | null;
}

/** What a game tells the bet store about its bets: the store never reads a game's tables or texts. */
export interface GameDescription {
  round(db: Conn, roundId: string): Promise<RoundInfo | null>;
  /** Market and selection names in the reader's language; null: the names stored with the bet. */
  labels(bet: BetRow, lang: Lang): { marketName: string | null; selectionName: string | null } | null;
  /** The bet's parlay slip (billiards), or null for a single bet; games without parlays leave it out. */
  parlay?(db: Conn, bet: BetRow): Promise<taiqiu.ParlaySlip | null>;
  /** The bet's cash-outs, oldest first (billiards); games without cash-out leave it out. */
  cashouts?(db: Conn, bet: BetRow): Promise<cashout.CashoutRecord[]>;
}

/** Each game registers its description when its module loads. */
const games = new Map<GameType, GameDescription>();

export function registerGame(gameType: GameType, description: GameDescription): void {
  games.set(gameType, description);
}

export async function roundInfo(db: Conn, gameType: GameType, roundId: string): Promise<RoundInfo | null> {
  return (await games.get(gameType)?.round(db, roundId)) ?? null;
}

/** The bet's parlay slip, or null: a single bet, or a game without parlays. */
export async function parlayOf(db: Conn, bet: BetRow): Promise<taiqiu.ParlaySlip | null> {
  return (await games.get(bet.gameType)?.parlay?.(db, bet)) ?? null;
}

/** The bet's cash-outs, oldest first: none for a bet never cashed out or a game without cash-out. */
export async function cashoutsOf(db: Conn, bet: BetRow): Promise<cashout.CashoutRecord[]> {
  if (bet.cashoutStake === 0) return [];
  return (await games.get(bet.gameType)?.cashouts?.(db, bet)) ?? [];
}

export function betLabels(bet: BetRow, lang: Lang): { marketName: string | null; selectionName: string | null } {
  return games.get(bet.gameType)?.labels(bet, lang) ?? { marketName: bet.marketName, selectionName: bet.selectionName };
}
