import { cleanAmountTyping, toAmountInput } from '../../../lib/amount';
import type { CashoutDone, Quote } from './api';

/**
 * Where the cash-out sheet is: asking for a quote (or that failed, the server's text), a quote
 * offered (after a refusal, its text), sending, or done (what was paid).
 */
export type SheetPhase =
  | { kind: 'quoting' }
  | { kind: 'quoteFailed'; text: string }
  | { kind: 'ready' }
  | { kind: 'sending' }
  | { kind: 'refused'; text: string }
  | { kind: 'done'; done: CashoutDone };

export type PartMode = 'all' | 'part';

export interface SheetState {
  quote: Quote | null;
  /** When the quote stops being offered, on this phone's clock (ms). */
  deadline: number;
  /** The quote came with a 409 in place of the one confirmed: its amount is said. */
  requoted: boolean;
  mode: PartMode;
  /** The part of the running stake as typed (mode 'part'). */
  typed: string;
  /** A confirm was tried: the part's error shows. */
  touched: boolean;
  phase: SheetPhase;
}

export type SheetAction =
  | { type: 'quoting' }
  | { type: 'quoted'; quote: Quote; deadline: number; requoted: boolean }
  | { type: 'quoteFailed'; text: string }
  | { type: 'mode'; mode: PartMode }
  | { type: 'type'; text: string }
  | { type: 'pick'; minor: number }
  | { type: 'touch' }
  | { type: 'sending' }
  | { type: 'refused'; text: string }
  | { type: 'done'; done: CashoutDone };

export const initialSheet: SheetState = {
  quote: null,
  deadline: 0,
  requoted: false,
  mode: 'all',
  typed: '',
  touched: false,
  phase: { kind: 'quoting' },
};

export function sheetReducer(s: SheetState, a: SheetAction): SheetState {
  switch (a.type) {
    case 'quoting':
      return { ...s, requoted: false, phase: { kind: 'quoting' } };
    case 'quoted':
      return { ...s, quote: a.quote, deadline: a.deadline, requoted: a.requoted, phase: { kind: 'ready' } };
    case 'quoteFailed':
      return { ...s, phase: { kind: 'quoteFailed', text: a.text } };
    case 'mode':
      return { ...s, mode: a.mode, touched: false };
    case 'type':
      return { ...s, mode: 'part', typed: cleanAmountTyping(a.text), touched: true };
    case 'pick':
      return { ...s, mode: 'part', typed: toAmountInput(a.minor), touched: true };
    case 'touch':
      return { ...s, touched: true };
    case 'sending':
      return { ...s, requoted: false, phase: { kind: 'sending' } };
    case 'refused':
      return { ...s, phase: { kind: 'refused', text: a.text } };
    case 'done':
      return { ...s, phase: { kind: 'done', done: a.done } };
  }
}
