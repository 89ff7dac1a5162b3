import type { taiqiu } from '@breakshot/contracts';

/** Why a pending bet is refused by the market as it stands, or the odds it is accepted at. */
export function verdict(
  state: { matchOpen: boolean; marketStatus: string; decided: boolean; oddsMilli: number },
  betOddsMilli: number,
  preference: taiqiu.OddsChange,
): { accept: number } | { reject: string } {
  if (!state.matchOpen) return { reject: 'matchNotOpen' };
  if (state.decided || state.marketStatus === 'closed') return { reject: 'marketClosed' };
  if (state.marketStatus !== 'open') return { reject: 'marketSuspended' };
  const now = state.oddsMilli;
  if (now === betOddsMilli || preference === 'any' || (preference === 'better' && now > betOddsMilli)) {
    return { accept: now };
  }
  return { reject: 'oddsChanged' };
}
