import type { GameType } from '@breakshot/contracts';

/** The game types in the contracts' order (bets.gameTypes), without pulling zod into a page. */
export const GAME_TYPES: readonly GameType[] = ['taiqiu', 'slots', 'poker'];
