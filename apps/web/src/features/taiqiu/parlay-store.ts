import type { taiqiu } from '@breakshot/contracts';
import { create } from 'zustand';

/**
 * The parlay (串关) legs the player collects across match pages: one store for the whole app,
 * kept in sessionStorage (it survives a reload and the move from match to match, not the tab),
 * at most the rules' maxLegs, one leg per match.
 */

/** One collected leg, with what the slip shows and checks without asking the server. */
export interface ParlayPick {
  matchId: number;
  marketId: number;
  selectionId: number;
  marketType: taiqiu.MarketType;
  /** The match, "A vs B". */
  gameName: string;
  marketName: string;
  selectionName: string;
  /** The odds the slip shows and sends (the server's after a 409 oddsChanged). */
  odds: number;
  /** The leg market's stake limits: the unit stake must fit every leg's. */
  minStake: number;
  maxStake: number;
}

/** What adding a pick did: added, took the place of the match's other pick, already there, or the slip is full. */
export type AddResult = 'added' | 'replaced' | 'exists' | 'full';

export const PARLAY_STORAGE_KEY = 'parlay.legs';

interface ParlayStore {
  legs: ParlayPick[];
  add: (pick: ParlayPick, maxLegs: number) => AddResult;
  remove: (matchId: number) => void;
  /** A leg's odds as the server has them now (409 oddsChanged). */
  setOdds: (matchId: number, odds: number) => void;
  clear: () => void;
}

const isPick = (v: unknown): v is ParlayPick => {
  if (!v || typeof v !== 'object') return false;
  const p = v as Record<string, unknown>;
  const numbers = ['matchId', 'marketId', 'selectionId', 'odds', 'minStake', 'maxStake'];
  const texts = ['marketType', 'gameName', 'marketName', 'selectionName'];
  return numbers.every((k) => typeof p[k] === 'number') && texts.every((k) => typeof p[k] === 'string');
};

/** The legs kept in sessionStorage (none when absent or unreadable). */
export function readStoredLegs(): ParlayPick[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(PARLAY_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isPick) : [];
  } catch {
    return [];
  }
}

function save(legs: ParlayPick[]) {
  try {
    if (legs.length === 0) sessionStorage.removeItem(PARLAY_STORAGE_KEY);
    else sessionStorage.setItem(PARLAY_STORAGE_KEY, JSON.stringify(legs));
  } catch {
    // Storage full or off (private mode): the legs live in memory for this page only.
  }
}

export const useParlay = create<ParlayStore>()((set, get) => {
  const update = (legs: ParlayPick[]) => {
    save(legs);
    set({ legs });
  };
  return {
    legs: readStoredLegs(),
    add: (pick, maxLegs) => {
      const { legs } = get();
      const at = legs.findIndex((l) => l.matchId === pick.matchId);
      if (at >= 0) {
        if (legs[at]!.selectionId === pick.selectionId) return 'exists';
        update(legs.map((l, i) => (i === at ? pick : l)));
        return 'replaced';
      }
      if (legs.length >= maxLegs) return 'full';
      update([...legs, pick]);
      return 'added';
    },
    remove: (matchId) => update(get().legs.filter((l) => l.matchId !== matchId)),
    setOdds: (matchId, odds) => update(get().legs.map((l) => (l.matchId === matchId ? { ...l, odds } : l))),
    clear: () => update([]),
  };
});
