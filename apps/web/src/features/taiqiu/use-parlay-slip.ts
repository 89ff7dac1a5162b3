import { parlay } from '@breakshot/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useReducer, useRef } from 'react';
import { cleanAmountTyping, parseAmountInput, toAmountInput } from '../../lib/amount';
import { isParlayUpdated } from '../../lib/bet-updates';
import { ApiError } from '../../lib/http';
import { t } from '../../lib/i18n';
import { useRequestId } from '../../lib/request-id';
import { useSession } from '../../lib/session';
import { errorText, showToast } from '../../lib/toast';
import { useLiveEvent } from '../../lib/use-live';
import { fetchParlayRecord, parlayRulesQuery, placeParlay, type ParlaySlip } from './api/parlay';
import { oddsMilli, stakeError, type StakeError } from './bet-math';
import { useParlay, type ParlayPick } from './parlay-store';
import { DEFAULT_DELAY_MS, FALLBACK_AFTER_MS, RECHECK_MS } from './use-bet-slip';
import './parlay-i18n';

/** Where a refusal belongs: the unit stake, one leg (its index), or the slip as a whole. */
export type RefusalPlace = 'stake' | 'slip' | number;

/**
 * Where the parlay slip is: editing (after a refusal, its message at its place; after a leg's
 * odds moved, the new odds on that leg), placing, or sent: pending (a leg on a live match; until
 * `deadline` on this phone's clock, `checking` once the slip asks the server), accepted, rejected.
 */
export type ParlayPhase =
  | { kind: 'editing' }
  | { kind: 'placing' }
  | { kind: 'refused'; text: string; at: RefusalPlace }
  | { kind: 'oddsChanged'; leg: number; from: number; to: number }
  | { kind: 'pending'; slip: ParlaySlip; since: number; deadline: number; checking: boolean }
  | { kind: 'accepted'; slip: ParlaySlip }
  | { kind: 'rejected'; slip: ParlaySlip; reason: string | null };

export interface ParlayState {
  /** The unit stake as typed. */
  typed: string;
  /** The stake was typed or a confirm tried: its error shows. */
  touched: boolean;
  /** The system the player chose, for a slip of `legs` legs (another count of legs: N串1 again). */
  choice: { legs: number; sizes: number[] } | null;
  /** 接受赔率变化 (on by itself after a leg's odds moved: confirming again takes the new odds). */
  accept: boolean;
  /** The legs the phase is about ("matchId:selectionId,…"): when they change, a refusal is gone. */
  legsKey: string;
  phase: ParlayPhase;
}

export type ParlayAction =
  | { type: 'type'; text: string }
  | { type: 'choose'; legs: number; sizes: number[] }
  | { type: 'accept'; on: boolean }
  | { type: 'legs'; key: string }
  | { type: 'submit' }
  | { type: 'place' }
  | { type: 'oddsChanged'; leg: number; from: number; to: number }
  | { type: 'refused'; text: string; at: RefusalPlace }
  | { type: 'pending'; slip: ParlaySlip; since: number; deadline: number }
  | { type: 'accepted'; slip: ParlaySlip }
  | { type: 'decided'; betNo: string; status: 'open' | 'rejected'; reason: string | null }
  | { type: 'checking' }
  | { type: 'again' }
  | { type: 'done' };

export const initialParlay = (legsKey = ''): ParlayState => ({
  typed: '',
  touched: false,
  choice: null,
  accept: false,
  legsKey,
  phase: { kind: 'editing' },
});

const SENT = new Set<ParlayPhase['kind']>(['placing', 'pending', 'accepted', 'rejected']);

export function parlayReducer(s: ParlayState, a: ParlayAction): ParlayState {
  switch (a.type) {
    case 'type':
      return { ...s, typed: cleanAmountTyping(a.text), touched: true };
    case 'choose':
      return { ...s, choice: { legs: a.legs, sizes: a.sizes } };
    case 'accept':
      return { ...s, accept: a.on };
    case 'legs':
      if (a.key === s.legsKey) return s;
      // A refusal names a leg by its index: another set of legs makes it stale.
      return {
        ...s,
        legsKey: a.key,
        phase: s.phase.kind === 'refused' || s.phase.kind === 'oddsChanged' ? { kind: 'editing' } : s.phase,
      };
    case 'submit':
      return { ...s, touched: true };
    case 'place':
      return SENT.has(s.phase.kind) ? s : { ...s, phase: { kind: 'placing' } };
    case 'oddsChanged':
      return { ...s, accept: true, phase: { kind: 'oddsChanged', leg: a.leg, from: a.from, to: a.to } };
    case 'refused':
      return { ...s, phase: { kind: 'refused', text: a.text, at: a.at } };
    case 'pending':
      return { ...s, phase: { kind: 'pending', slip: a.slip, since: a.since, deadline: a.deadline, checking: false } };
    case 'accepted':
      return { ...s, phase: { kind: 'accepted', slip: a.slip } };
    case 'decided': {
      if (s.phase.kind !== 'pending' || s.phase.slip.betNo !== a.betNo) return s;
      const { slip } = s.phase;
      return {
        ...s,
        phase: a.status === 'open' ? { kind: 'accepted', slip } : { kind: 'rejected', slip, reason: a.reason },
      };
    }
    case 'checking':
      return s.phase.kind === 'pending' && !s.phase.checking ? { ...s, phase: { ...s.phase, checking: true } } : s;
    case 'again':
      return s.phase.kind === 'rejected' ? { ...s, phase: { kind: 'editing' } } : s;
    case 'done':
      // Accepted: a new slip; rejected: back to its legs and stake.
      if (s.phase.kind === 'accepted') return initialParlay(s.legsKey);
      return s.phase.kind === 'rejected' ? { ...s, phase: { kind: 'editing' } } : s;
  }
}

/** Why a unit stake cannot be placed: a stake error, above the rules' max return, or more than the balance. */
export type UnitError = StakeError | 'maxReturn';

/** The unit stake must fit every leg's market: the largest minimum, the smallest maximum. */
export const unitLimits = (legs: readonly ParlayPick[]) => ({
  minStake: legs.length === 0 ? 0 : Math.max(...legs.map((l) => l.minStake)),
  maxStake: legs.length === 0 ? 0 : Math.min(...legs.map((l) => l.maxStake)),
});

/** "legs.2.odds" → 2; "unitStake" → 'stake'; anything else → the slip. */
export function refusalPlace(field: string | undefined): RefusalPlace {
  if (field === 'unitStake') return 'stake';
  const leg = /^legs\.(\d+)/.exec(field ?? '');
  return leg ? Number(leg[1]) : 'slip';
}

const keyOf = (legs: readonly ParlayPick[]) => legs.map((l) => `${l.matchId}:${l.selectionId}`).join(',');

/**
 * The parlay slip's state and its figures from the shared arithmetic (contracts' parlay): the
 * systems of its legs, combinations, total stake, potential return; placing it (one request id
 * per slip, kept for a retry after no answer); a pending slip's decision (BET_UPDATED, or its
 * record when that news does not come). An accepted slip empties the collected legs.
 */
export function useParlaySlip() {
  const legs = useParlay((s) => s.legs);
  const rules = useQuery(parlayRulesQuery());
  const balance = useSession((s) => s.userInfo?.balance ?? null);
  const [state, dispatch] = useReducer(parlayReducer, keyOf(legs), initialParlay);
  const legsKey = keyOf(legs);
  if (state.legsKey !== legsKey) dispatch({ type: 'legs', key: legsKey });
  const placing = useRef(false);
  const request = useRequestId();
  const early = useRef(new Map<string, { status: 'open' | 'rejected'; reason: string | null }>());

  const n = legs.length;
  const systems = n >= parlay.MIN_LEGS && n <= parlay.MAX_LEGS ? parlay.systemsFor(n) : [];
  const chosen = state.choice?.legs === n ? state.choice.sizes : null;
  const sizes = chosen ?? systems[0]?.sizes ?? null;
  const combinations = sizes ? parlay.comboCount(n, sizes) : 0;
  const limits = unitLimits(legs);
  const unit = parseAmountInput(state.typed);
  const base = stakeError(unit, state.typed, limits, null);
  const valid = base === null && unit !== null && unit > 0 && sizes !== null;
  const potentialReturn = valid
    ? parlay.potentialReturn(
        unit,
        legs.map((l) => oddsMilli(l.odds)),
        sizes,
      )
    : null;
  const totalStake = valid ? unit * combinations : null;
  const maxReturn = rules.data?.maxReturn ?? null;
  const error: UnitError | null =
    base ??
    (maxReturn !== null && potentialReturn !== null && potentialReturn > maxReturn
      ? 'maxReturn'
      : balance !== null && totalStake !== null && totalStake > balance
        ? 'balance'
        : null);

  useLiveEvent('BET_UPDATED', (ev) => {
    if (!isParlayUpdated(ev)) return;
    const reason = ev.rejectedReason ?? null;
    if (placing.current) early.current.set(ev.betNo, { status: ev.status, reason });
    dispatch({ type: 'decided', betNo: ev.betNo, status: ev.status, reason });
  });

  // No news by the deadline + 10 s (the live connection down): ask for the slip's record, then every 5 s.
  const waiting = state.phase.kind === 'pending' ? state.phase : null;
  const pendingNo = waiting?.slip.betNo ?? null;
  const deadline = waiting?.deadline ?? 0;
  useEffect(() => {
    if (pendingNo === null) return;
    let timer: ReturnType<typeof setTimeout>;
    let stopped = false;
    const check = async () => {
      dispatch({ type: 'checking' });
      try {
        const record = await fetchParlayRecord(pendingNo);
        if (!stopped && record.status !== 'pending') {
          const status = record.status === 'rejected' ? 'rejected' : 'open';
          dispatch({ type: 'decided', betNo: pendingNo, status, reason: record.rejectedReason });
          return;
        }
      } catch {
        // Asked again below.
      }
      if (!stopped) timer = setTimeout(() => void check(), RECHECK_MS);
    };
    timer = setTimeout(() => void check(), Math.max(0, deadline + FALLBACK_AFTER_MS - Date.now()));
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [pendingNo, deadline]);

  // Accepted: the slip is placed, its legs leave the collection.
  const accepted = state.phase.kind === 'accepted';
  useEffect(() => {
    if (accepted) useParlay.getState().clear();
  }, [accepted]);

  const submit = async () => {
    dispatch({ type: 'submit' });
    if (placing.current || SENT.has(state.phase.kind) || error || !valid || n < parlay.MIN_LEGS) return;
    placing.current = true;
    dispatch({ type: 'place' });
    early.current.clear();
    const sent = legs;
    try {
      const slip = await placeParlay({
        legs: sent.map(({ matchId, marketId, selectionId, odds }) => ({ matchId, marketId, selectionId, odds })),
        sizes,
        unitStake: unit,
        ...(state.accept ? { acceptOddsChange: true } : {}),
        requestId: request.take(),
      });
      request.settle();
      void useSession.getState().loadUserInfo();
      if (slip.status === 'pending' || slip.status === 'rejected') {
        const now = Date.now();
        dispatch({ type: 'pending', slip, since: now, deadline: now + DEFAULT_DELAY_MS });
        const known =
          slip.status === 'rejected' ? { status: 'rejected' as const, reason: null } : early.current.get(slip.betNo);
        if (known) dispatch({ type: 'decided', betNo: slip.betNo, ...known });
        return;
      }
      dispatch({ type: 'accepted', slip });
      void showToast(t('taiqiu.slip.success'), 'success');
    } catch (err) {
      request.settle(err);
      const at = refusalPlace(err instanceof ApiError ? err.data?.field : undefined);
      const current = err instanceof ApiError ? err.data?.currentOdds : undefined;
      if (err instanceof ApiError && err.code === 409 && typeof at === 'number' && current !== undefined && sent[at]) {
        useParlay.getState().setOdds(sent[at].matchId, current);
        dispatch({ type: 'oddsChanged', leg: at, from: sent[at].odds, to: current });
      } else {
        dispatch({ type: 'refused', text: errorText(err), at });
      }
    } finally {
      placing.current = false;
      early.current.clear();
    }
  };

  return {
    legs,
    rules,
    balance,
    state,
    systems,
    sizes,
    combinations,
    limits,
    unit,
    totalStake,
    potentialReturn,
    maxReturn,
    /** Why the unit stake cannot be placed, once touched. */
    unitError: state.touched ? error : null,
    busy: state.phase.kind === 'placing',
    type: (text: string) => dispatch({ type: 'type', text }),
    pick: (minor: number) => dispatch({ type: 'type', text: toAmountInput(minor) }),
    choose: (chosenSizes: number[]) => dispatch({ type: 'choose', legs: n, sizes: chosenSizes }),
    setAccept: (on: boolean) => dispatch({ type: 'accept', on }),
    again: () => dispatch({ type: 'again' }),
    done: () => dispatch({ type: 'done' }),
    submit,
  };
}

export type ParlaySlipModel = ReturnType<typeof useParlaySlip>;
