import type { LiveEvent, taiqiu } from '@breakshot/contracts';

export type MatchUpdated = Extract<LiveEvent, { type: 'MATCH_UPDATED' }>;
type Match = taiqiu.MatchDetails;

/**
 * Applies a MATCH_UPDATED event to the match page's data: status, score, the frame on, and (when
 * present: every market the match offers) each market's status, line and odds by id. A market or
 * a selection the event no longer carries is off sale (its type switched off, its pick decided)
 * and leaves the page; one the page does not know yet (a frame's markets open as frames start)
 * waits for the reload needsReload asks for, since only taiqiu/match names it in the reader's
 * language. Events of other matches leave it unchanged.
 */
export function applyMatchUpdate(match: Match, ev: MatchUpdated): Match {
  if (ev.matchId !== match.id) return match;
  let markets = match.markets;
  if (ev.markets) {
    const byId = new Map(ev.markets.map((m) => [m.id, m]));
    markets = match.markets.flatMap((m) => {
      const u = byId.get(m.id);
      if (!u) return [];
      const odds = new Map(u.selections.map((s) => [s.id, s.odds]));
      return [
        {
          ...m,
          status: u.status,
          ...(u.line !== undefined ? { line: u.line } : {}),
          ...(u.frame !== undefined ? { frame: u.frame } : {}),
          selections: m.selections.flatMap((s) => (odds.has(s.id) ? [{ ...s, odds: odds.get(s.id)! }] : [])),
        },
      ];
    });
  }
  const winner = markets.find((m) => m.type === 'winner');
  const oddsOf = (pick: string) => winner?.selections.find((s) => s.pick === pick)?.odds;
  const mainOdds =
    winner && winner.status !== 'closed' && oddsOf('a') !== undefined && oddsOf('b') !== undefined
      ? { marketId: winner.id, status: winner.status, a: oddsOf('a')!, b: oddsOf('b')! }
      : ev.markets
        ? null
        : match.mainOdds;
  const frame = ev.frame !== undefined ? ev.frame : match.frame;
  return { ...match, status: ev.status, score: ev.score, frame, markets, mainOdds };
}

/**
 * Whether the page should also reload the match after the event: the match ended (winner, my bets
 * settled), a line moved (selection names carry it), or a market or selection it does not know
 * appeared (the markets of a frame opened).
 */
export function needsReload(before: Match, ev: MatchUpdated): boolean {
  if (ev.matchId !== before.id) return false;
  if (ev.status !== before.status && (ev.status === 'finished' || ev.status === 'cancelled')) return true;
  for (const u of ev.markets ?? []) {
    const m = before.markets.find((x) => x.id === u.id);
    if (!m) return true;
    if (u.line !== undefined && u.line !== m.line) return true;
    if (u.selections.some((s) => !m.selections.some((x) => x.id === s.id))) return true;
  }
  return false;
}
