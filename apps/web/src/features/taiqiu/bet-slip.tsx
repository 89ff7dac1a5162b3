import type { taiqiu } from '@breakshot/contracts';
import Popup from 'antd-mobile/es/components/popup';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { SubmitButton } from '../../components/ui/form-field';
import { MoneyText } from '../../components/ui/money-text';
import { cleanAmountTyping, parseAmountInput, toAmountInput } from '../../lib/amount';
import { ApiError } from '../../lib/http';
import { useT } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { formatOdds } from '../../lib/odds';
import { pathTo } from '../../lib/paths';
import { useRequestId } from '../../lib/request-id';
import { useSession } from '../../lib/session';
import { useCurrencySymbol } from '../../lib/sys-config';
import { errorText, showToast } from '../../lib/toast';
import { placeBet } from './api/bet';
import { potentialReturn, quickStakes, stakeError } from './bet-math';
import './i18n';
import { OddsTrendMark } from './odds';

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

interface SlipProps {
  /** The match as the page has it now (live updates included). */
  match: taiqiu.MatchDetails;
  target: SlipTarget | null;
  onClose: () => void;
  /** After a bet is accepted (the page closes the slip and refreshes). */
  onPlaced: (bet: PlacedBet) => void;
  /** Asks the page to reload the match (odds changed or market closed while confirming). */
  onReload: () => void;
}

/** The bet slip (bottom sheet): one selection, stake, potential return, confirm. */
export function BetSlip({ match, target, onClose, onPlaced, onReload }: SlipProps) {
  return (
    <Popup
      visible={target !== null}
      onMaskClick={onClose}
      onClose={onClose}
      position="bottom"
      bodyClassName="sheet"
      destroyOnClose
    >
      {target && (
        <SlipBody
          key={`${target.marketId}-${target.selectionId}`}
          match={match}
          target={target}
          onClose={onClose}
          onPlaced={onPlaced}
          onReload={onReload}
        />
      )}
    </Popup>
  );
}

type Notice = { kind: 'odds'; from: number; to: number } | { kind: 'error'; text: string };

function SlipBody({ match, target, onClose, onPlaced, onReload }: SlipProps & { target: SlipTarget }) {
  const { t } = useT();
  const symbol = useCurrencySymbol();
  const balance = useSession((s) => s.userInfo?.balance ?? null);
  const inputId = useId();
  const market = match.markets.find((m) => m.id === target.marketId);
  const selection = market?.selections.find((s) => s.id === target.selectionId);
  const liveOdds = selection?.odds ?? 0;

  // The odds on the slip follow the match's odds; a 409 sets them to the server's current odds.
  const [odds, setOdds] = useState(liveOdds);
  const [previous, setPrevious] = useState<number | null>(null);
  const [seenLive, setSeenLive] = useState(liveOdds);
  if (seenLive !== liveOdds) {
    setSeenLive(liveOdds);
    if (liveOdds !== odds) {
      setPrevious(odds);
      setOdds(liveOdds);
    }
  }

  const [typed, setTyped] = useState('');
  const [touched, setTouched] = useState(false);
  const [accept, setAccept] = useState(false);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  // A confirm after a network failure sends the same id: the bet it may have placed is not placed twice.
  const request = useRequestId();

  if (!market || !selection) return null;
  const limits = { minStake: market.minStake, maxStake: market.maxStake };
  const stake = parseAmountInput(typed);
  const error = stakeError(stake, typed, limits, balance);
  const ended = match.status === 'finished' || match.status === 'cancelled';
  const open = market.status === 'open' && !ended;
  const errorMsg =
    touched && error
      ? t(`taiqiu.slip.err.${error}`, {
          amount: formatMoney(error === 'min' ? limits.minStake : limits.maxStake, symbol),
        })
      : null;
  const maxChip = balance === null ? limits.maxStake : Math.min(limits.maxStake, balance);

  const submit = async () => {
    setTouched(true);
    if (busyRef.current || error || !open || stake === null) return;
    busyRef.current = true;
    setBusy(true);
    setNotice(null);
    try {
      const placed = await placeBet({
        matchId: match.id,
        marketId: market.id,
        selectionId: selection.id,
        stake,
        odds,
        ...(accept ? { acceptOddsChange: true } : {}),
        requestId: request.take(),
      });
      request.settle();
      void showToast(t('taiqiu.slip.success'), 'success');
      onPlaced(placed);
    } catch (err) {
      request.settle(err);
      const current = err instanceof ApiError ? err.data?.currentOdds : undefined;
      if (err instanceof ApiError && err.code === 409 && current !== undefined) {
        setNotice({ kind: 'odds', from: odds, to: current });
        setPrevious(odds);
        setOdds(current);
      } else {
        setNotice({ kind: 'error', text: errorText(err) });
      }
      onReload();
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  const ret = stake !== null && !error ? potentialReturn(stake, odds) : null;
  return (
    <form
      className="sheet-form slip"
      data-testid="bet-slip"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="sheet-head">
        <h2>{t('taiqiu.slip.title')}</h2>
        <button type="button" className="icon-btn" aria-label={t('common.cancel')} onClick={onClose}>
          ✕
        </button>
      </div>

      <div className="slip-pick">
        <div className="slip-pick-main">
          <div className="slip-market muted">
            {match.playerA.name} vs {match.playerB.name} · {market.name}
          </div>
          <div className="slip-selection" data-testid="slip-selection">
            {selection.name}
          </div>
        </div>
        <div className="slip-odds-box">
          <span className="muted small">{t('taiqiu.slip.odds')}</span>
          <span className="slip-odds" data-testid="slip-odds" data-odds={odds}>
            {formatOdds(odds)}
            <OddsTrendMark now={odds} before={previous} />
          </span>
          {previous !== null && previous !== odds && (
            <span className="slip-was muted small" data-testid="slip-was">
              {t('taiqiu.slip.was', { odds: formatOdds(previous) })}
            </span>
          )}
        </div>
      </div>

      {!open && (
        <div className="slip-alert slip-alert-warn" role="alert" data-testid="slip-closed">
          {t(market.status === 'suspended' && !ended ? 'taiqiu.slip.suspended' : 'taiqiu.slip.closed')}
        </div>
      )}
      {notice && (
        <div className="slip-alert" role="alert" data-testid="slip-notice" data-kind={notice.kind}>
          {notice.kind === 'odds'
            ? t('taiqiu.slip.oddsChanged', { from: formatOdds(notice.from), to: formatOdds(notice.to) })
            : notice.text}
        </div>
      )}

      <div className={`field${errorMsg ? ' field-invalid' : ''}`}>
        <label className="field-label slip-stake-label" htmlFor={inputId}>
          <span>{t('taiqiu.slip.stake')}</span>
          <span className="muted small" data-testid="slip-balance">
            {t('taiqiu.slip.balance')} {balance === null ? '—' : <MoneyText value={balance} />}{' '}
            <Link to={pathTo('chongzhi')} className="slip-deposit">
              {t('taiqiu.slip.deposit')}
            </Link>
          </span>
        </label>
        <div className="field-box">
          <span className="slip-currency">{symbol}</span>
          <input
            id={inputId}
            inputMode="decimal"
            autoComplete="off"
            value={typed}
            placeholder={t('taiqiu.slip.stakePh', {
              min: formatMoney(limits.minStake, symbol),
              max: formatMoney(limits.maxStake, symbol),
            })}
            onChange={(e) => {
              setTyped(cleanAmountTyping(e.target.value));
              setTouched(true);
            }}
            aria-invalid={!!errorMsg}
            data-testid="slip-stake"
          />
        </div>
        {errorMsg && (
          <div className="field-error" role="alert" data-testid="slip-stake-error">
            {errorMsg}
          </div>
        )}
      </div>

      <div className="chip-row slip-chips">
        {quickStakes(limits).map((v) => (
          <button
            key={v}
            type="button"
            className={`chip${stake === v ? ' chip-active' : ''}`}
            onClick={() => {
              setTyped(toAmountInput(v));
              setTouched(true);
            }}
            data-stake={v}
          >
            {formatMoney(v, symbol).replace(/\.00$/, '')}
          </button>
        ))}
        {maxChip >= limits.minStake && (
          <button
            type="button"
            className="chip"
            onClick={() => {
              setTyped(toAmountInput(maxChip));
              setTouched(true);
            }}
            data-stake="max"
          >
            {t('taiqiu.slip.max')}
          </button>
        )}
      </div>

      <div className="slip-return">
        <span>
          {t('taiqiu.slip.return')}
          <span className="muted small"> · {t('taiqiu.slip.returnHint')}</span>
        </span>
        <strong className="gold-text" data-testid="slip-return">
          {ret === null ? '—' : formatMoney(ret, symbol)}
        </strong>
      </div>

      <label className="slip-accept">
        <input
          type="checkbox"
          checked={accept}
          onChange={(e) => setAccept(e.target.checked)}
          data-testid="slip-accept"
        />
        <span>{t('taiqiu.slip.accept')}</span>
      </label>

      <SubmitButton
        busy={busy}
        disabled={!open}
        label={t('taiqiu.slip.confirm')}
        busyLabel={t('taiqiu.slip.submitting')}
        testId="slip-confirm"
      />
    </form>
  );
}
