import type { taiqiu } from '@breakshot/contracts';
import { useReducer, useRef } from 'react';
import { cleanAmountTyping, parseAmountInput, toAmountInput } from '../../lib/amount';
import { ApiError } from '../../lib/http';
import { t } from '../../lib/i18n';
import { useRequestId } from '../../lib/request-id';
import { useSession } from '../../lib/session';
import { errorText, showToast } from '../../lib/toast';
import { placeBet } from './api/bet';
import { potentialReturn, stakeError } from './bet-math';
import './i18n';

export interface SlipTarget {
  marketId: number;
  selectionId: number;
}

export interface PlacedBet {
  betNo: string;
  stake: number;
  odds: number;
  potentialReturn: number;
}

/**
 * Where the slip is: the player edits the stake (after a refused bet, with the reason shown; after
 * a 409, with the server's new odds on the slip to accept by confirming again), the bet is being
 * placed, or it was.
 */
export type SlipPhase =
  | { kind: 'editing' }
  | { kind: 'oddsChanged'; from: number; to: number }
  | { kind: 'failed'; text: string }
  | { kind: 'placing' }
  | { kind: 'placed' };

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
  | { type: 'failed'; text: string };

export const initialSlip = (odds: number): SlipState => ({
  typed: '',
  touched: false,
  accept: false,
  odds,
  previous: null,
  live: odds,
  phase: { kind: 'editing' },
});

const settled = (s: SlipState) => s.phase.kind === 'placing' || s.phase.kind === 'placed';

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
  }
}

/** The largest stake the 最大 chip offers: the market's maximum, within the balance when known. */
export const maxChipStake = (limits: { maxStake: number }, balance: number | null): number =>
  balance === null ? limits.maxStake : Math.min(limits.maxStake, balance);

interface SlipInput {
  /** The match as the page has it now (live updates included). */
  match: taiqiu.MatchDetails;
  target: SlipTarget;
  /** After a bet is accepted (the page closes the slip and refreshes). */
  onPlaced: (bet: PlacedBet) => void;
  /** Asks the page to reload the match (odds changed or market closed while confirming). */
  onReload: () => void;
}

/** The bet slip's state and what it computes from it: stake checks, return, placing the bet. */
export function useBetSlip({ match, target, onPlaced, onReload }: SlipInput) {
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
      dispatch({ type: 'placed' });
      void showToast(t('taiqiu.slip.success'), 'success');
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
    /** The potential return of a valid stake, else null. */
    potentialReturn: stake !== null && !error ? potentialReturn(stake, state.odds) : null,
    maxChip: maxChipStake(limits, balance),
    type: (text: string) => dispatch({ type: 'type', text }),
    pick: (stakeValue: number) => dispatch({ type: 'type', text: toAmountInput(stakeValue) }),
    setAccept: (on: boolean) => dispatch({ type: 'accept', on }),
    submit,
  };
}
