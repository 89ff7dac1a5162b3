import type { taiqiu } from '@breakshot/contracts';
import { useEffect, useReducer, useRef } from 'react';
import { cleanAmountTyping, parseAmountInput, toAmountInput } from '../../lib/amount';
import { type BetDecision, isBetUpdated } from '../../lib/bet-updates';
import { ApiError } from '../../lib/http';
import { t } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { useRequestId } from '../../lib/request-id';
import { useSession } from '../../lib/session';
import { useCurrencySymbol } from '../../lib/sys-config';
import { errorText, showToast } from '../../lib/toast';
import { useLiveEvent } from '../../lib/use-live';
import { placeBet } from './api/bet';
import { potentialReturn, stakeError } from './bet-math';
import './i18n';

export interface SlipTarget {
  marketId: number;
  selectionId: number;
}

/** taiqiu/bet's answer. */
export interface PlacedBet {
  betNo: string;
  stake: number;
  odds: number;
  potentialReturn: number;
  status?: taiqiu.BetStatus;
  /** A pending bet (on a live match): when the server decides it. */
  acceptAt?: string;
  rejectedReason?: string;
}

/** The server's acceptance delay when a pending bet does not say (docs/design.md §9). */
export const DEFAULT_DELAY_MS = 3_000;
/** A countdown longer than this is a phone clock far from the server's: it is cut to this. */
export const MAX_DELAY_MS = 30_000;
/** No BET_UPDATED this long after acceptAt (the live connection down): the slip asks for the bet's state. */
export const FALLBACK_AFTER_MS = 10_000;
/** Then asks again this often until it has an answer. */
export const RECHECK_MS = 5_000;

/**
 * Where the slip is: the player edits the stake (after a refused bet, with the reason shown; after
 * a 409, with the server's new odds on the slip to accept by confirming again), the bet is being
 * placed, or it was. A bet on a live match is first pending (确认中, until `deadline` on this
 * phone's clock; `checking` once the slip asks the server, BET_UPDATED not having come), then
 * accepted at `odds` or rejected for `reason`.
 */
export type SlipPhase =
  | { kind: 'editing' }
  | { kind: 'oddsChanged'; from: number; to: number }
  | { kind: 'failed'; text: string }
  | { kind: 'placing' }
  | { kind: 'placed' }
  | { kind: 'pending'; bet: PlacedBet; since: number; deadline: number; checking: boolean }
  | { kind: 'accepted'; bet: PlacedBet; odds: number }
  | { kind: 'rejected'; bet: PlacedBet; reason: string | null };

export interface SlipState {
  /** The stake as typed (cleaned to an amount's characters). */
  typed: string;
  /** The stake was typed or picked, or a confirm tried: its error shows. */
  touched: boolean;
  /** 接受赔率变化: the server may place the bet at other odds. */
  accept: boolean;
  /** The odds the slip shows and sends. */
  odds: number;
  /** The odds before they last changed (null: unchanged since the slip opened). */
  previous: number | null;
  /** The match's odds for the selection as last seen (live updates move `odds` along). */
  live: number;
  phase: SlipPhase;
}

export type SlipAction =
  | { type: 'type'; text: string }
  | { type: 'accept'; on: boolean }
  | { type: 'live'; odds: number }
  | { type: 'submit' }
  | { type: 'place' }
  | { type: 'placed' }
  | { type: 'oddsChanged'; from: number; to: number }
  | { type: 'failed'; text: string }
  | { type: 'pending'; bet: PlacedBet; since: number; deadline: number }
  | { type: 'decided'; betNo: string; status: 'open' | 'rejected'; odds: number; reason: string | null }
  | { type: 'checking' }
  | { type: 'again' };

export const initialSlip = (odds: number): SlipState => ({
  typed: '',
  touched: false,
  accept: false,
  odds,
  previous: null,
  live: odds,
  phase: { kind: 'editing' },
});

/** The slip has sent its bet: placing, placed, or the bet pending or decided. */
const SENT = new Set<SlipPhase['kind']>(['placing', 'placed', 'pending', 'accepted', 'rejected']);
const settled = (s: SlipState) => SENT.has(s.phase.kind);

export function slipReducer(s: SlipState, a: SlipAction): SlipState {
  switch (a.type) {
    case 'type':
      return { ...s, typed: cleanAmountTyping(a.text), touched: true };
    case 'accept':
      return { ...s, accept: a.on };
    case 'live':
      if (a.odds === s.live) return s;
      return a.odds === s.odds ? { ...s, live: a.odds } : { ...s, live: a.odds, odds: a.odds, previous: s.odds };
    case 'submit':
      return { ...s, touched: true };
    case 'place':
      return settled(s) ? s : { ...s, phase: { kind: 'placing' } };
    case 'placed':
      return { ...s, phase: { kind: 'placed' } };
    case 'oddsChanged':
      return { ...s, odds: a.to, previous: a.from, phase: { kind: 'oddsChanged', from: a.from, to: a.to } };
    case 'failed':
      return { ...s, phase: { kind: 'failed', text: a.text } };
    case 'pending':
      return { ...s, phase: { kind: 'pending', bet: a.bet, since: a.since, deadline: a.deadline, checking: false } };
    case 'decided': {
      // Only the news of the bet the slip waits for; a decision is final.
      if (s.phase.kind !== 'pending' || s.phase.bet.betNo !== a.betNo) return s;
      const { bet } = s.phase;
      return {
        ...s,
        phase:
          a.status === 'open' ? { kind: 'accepted', bet, odds: a.odds } : { kind: 'rejected', bet, reason: a.reason },
      };
    }
    case 'checking':
      return s.phase.kind === 'pending' && !s.phase.checking ? { ...s, phase: { ...s.phase, checking: true } } : s;
    case 'again':
      // After a rejection: the stake stays, at the odds the market has now.
      return s.phase.kind === 'rejected' ? { ...s, phase: { kind: 'editing' } } : s;
  }
}

/** When a pending bet's countdown ends on this phone's clock: acceptAt, within MAX_DELAY_MS of now. */
export function pendingDeadline(acceptAt: string | undefined, now: number): number {
  const at = acceptAt ? Date.parse(acceptAt) : Number.NaN;
  const delay = Number.isFinite(at) ? Math.min(MAX_DELAY_MS, Math.max(0, at - now)) : DEFAULT_DELAY_MS;
  return now + delay;
}

/** The largest stake the 最大 chip offers: the market's maximum, within the balance when known. */
export const maxChipStake = (limits: { maxStake: number }, balance: number | null): number =>
  balance === null ? limits.maxStake : Math.min(limits.maxStake, balance);

interface SlipInput {
  /** The match as the page has it now (live updates included). */
  match: taiqiu.MatchDetails;
  target: SlipTarget;
  /** After a bet is accepted at once (the page closes the slip and refreshes). */
  onPlaced: (bet: PlacedBet) => void;
  /** After a bet went pending (on a live match): the slip stays, counting down; the page refreshes. */
  onPending?: (bet: PlacedBet) => void;
  /**
   * Asks the page to reload the match (odds changed or market closed while confirming; a pending
   * bet not decided over the live connection in time: its state comes with the match's myBets).
   */
  onReload: () => void;
}

/**
 * The bet slip's state and what it computes from it: stake checks, return, placing the bet; a
 * pending bet's countdown and its decision (BET_UPDATED, or the match's myBets when that news
 * does not come).
 */
export function useBetSlip({ match, target, onPlaced, onPending, onReload }: SlipInput) {
  const balance = useSession((s) => s.userInfo?.balance ?? null);
  const market = match.markets.find((m) => m.id === target.marketId);
  const selection = market?.selections.find((s) => s.id === target.selectionId);
  const liveOdds = selection?.odds ?? 0;
  const [state, dispatch] = useReducer(slipReducer, liveOdds, initialSlip);
  // The slip's odds follow the match's (adjusted during render, so no render shows the old ones).
  if (state.live !== liveOdds) dispatch({ type: 'live', odds: liveOdds });
  // Two taps before React renders again place one bet.
  const placing = useRef(false);
  // A confirm after a network failure sends the same id: the bet it may have placed is not placed twice.
  const request = useRequestId();
  // BET_UPDATED heard while a bet is being placed: the news can come before taiqiu/bet's answer
  // says which bet is the slip's (kept in memory for that placement only).
  const early = useRef(new Map<string, BetDecision>());

  // A pending bet: its decision over the live connection…
  const waiting = state.phase.kind === 'pending' ? state.phase : null;
  useLiveEvent('BET_UPDATED', (ev) => {
    if (!isBetUpdated(ev)) return;
    if (placing.current) early.current.set(ev.betNo, ev);
    dispatch({ type: 'decided', betNo: ev.betNo, status: ev.status, odds: ev.odds, reason: ev.rejectedReason ?? null });
  });
  // …or in the match's myBets, once the page has it (after a reload, or the news came first to the page).
  const mine = waiting ? match.myBets?.find((b) => b.betNo === waiting.bet.betNo) : undefined;
  if (waiting && mine && mine.status !== 'pending') {
    dispatch({
      type: 'decided',
      betNo: mine.betNo,
      status: mine.status === 'rejected' ? 'rejected' : 'open',
      odds: mine.odds,
      reason: mine.rejectedReason,
    });
  }
  // No news by acceptAt + 10 s (the live connection down): ask for the match, and again every 5 s.
  const reload = useRef(onReload);
  useEffect(() => {
    reload.current = onReload;
  });
  const pendingNo = waiting?.bet.betNo ?? null;
  const deadline = waiting?.deadline ?? 0;
  useEffect(() => {
    if (pendingNo === null) return;
    let timer: ReturnType<typeof setTimeout>;
    const check = () => {
      dispatch({ type: 'checking' });
      reload.current();
      timer = setTimeout(check, RECHECK_MS);
    };
    timer = setTimeout(check, Math.max(0, deadline + FALLBACK_AFTER_MS - Date.now()));
    return () => clearTimeout(timer);
  }, [pendingNo, deadline]);

  const symbol = useCurrencySymbol();
  const limits = { minStake: market?.minStake ?? 0, maxStake: market?.maxStake ?? 0 };
  const stake = parseAmountInput(state.typed);
  const error = stakeError(stake, state.typed, limits, balance);
  const ended = match.status === 'finished' || match.status === 'cancelled';
  const open = market?.status === 'open' && !ended;

  const submit = async () => {
    dispatch({ type: 'submit' });
    if (placing.current || settled(state) || error || !open || stake === null || !market || !selection) return;
    placing.current = true;
    dispatch({ type: 'place' });
    const odds = state.odds;
    early.current.clear();
    try {
      const placed = await placeBet({
        matchId: match.id,
        marketId: market.id,
        selectionId: selection.id,
        stake,
        odds,
        ...(state.accept ? { acceptOddsChange: true } : {}),
        requestId: request.take(),
      });
      request.settle();
      // The market's liability limit took less than asked: said whatever happens next.
      if (placed.askedStake !== undefined) {
        const cut = { stake: formatMoney(placed.stake, symbol), asked: formatMoney(placed.askedStake, symbol) };
        void showToast(t('taiqiu.slip.cut', cut));
      }
      if (placed.status === 'pending' || placed.status === 'rejected') {
        const now = Date.now();
        dispatch({ type: 'pending', bet: placed, since: now, deadline: pendingDeadline(placed.acceptAt, now) });
        // Decided already: rejected in the answer, or BET_UPDATED came before it.
        const known =
          placed.status === 'rejected'
            ? { status: 'rejected' as const, odds: placed.odds, rejectedReason: placed.rejectedReason }
            : early.current.get(placed.betNo);
        if (known) {
          dispatch({
            type: 'decided',
            betNo: placed.betNo,
            status: known.status,
            odds: known.odds,
            reason: known.rejectedReason ?? null,
          });
        }
        onPending?.(placed);
        return;
      }
      dispatch({ type: 'placed' });
      if (placed.askedStake === undefined) void showToast(t('taiqiu.slip.success'), 'success');
      onPlaced(placed);
    } catch (err) {
      request.settle(err);
      const current = err instanceof ApiError ? err.data?.currentOdds : undefined;
      if (err instanceof ApiError && err.code === 409 && current !== undefined) {
        dispatch({ type: 'oddsChanged', from: odds, to: current });
      } else {
        dispatch({ type: 'failed', text: errorText(err) });
      }
      onReload();
    } finally {
      placing.current = false;
      early.current.clear();
    }
  };

  return {
    market,
    selection,
    state,
    balance,
    limits,
    stake,
    /** Why the stake cannot be placed, once the player has touched it. */
    stakeError: state.touched ? error : null,
    ended,
    open,
    busy: state.phase.kind === 'placing',
    /** After a rejection: back to the stake, to bet again at the odds of now. */
    again: () => dispatch({ type: 'again' }),
    /** The potential return of a valid stake, else null. */
    potentialReturn: stake !== null && !error ? potentialReturn(stake, state.odds) : null,
    maxChip: maxChipStake(limits, balance),
    type: (text: string) => dispatch({ type: 'type', text }),
    pick: (stakeValue: number) => dispatch({ type: 'type', text: toAmountInput(stakeValue) }),
    setAccept: (on: boolean) => dispatch({ type: 'accept', on }),
    submit,
  };
}
