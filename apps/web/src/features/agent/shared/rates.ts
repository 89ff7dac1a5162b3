import { fieldLabel, serverErrorText, validationText, type agent, type GameType } from '@breakshot/contracts';
import type { FieldErrors } from '../../../components/ui/form-errors';
import { parseAmountInput, toAmountInput } from '../../../lib/amount';
import { ApiError } from '../../../lib/http';
import { GAME_TYPES } from '../../../lib/game-types';
import { t, type Language } from '../../../lib/i18n';
import { formatRateBp } from '../../../lib/rate';
import './i18n';

/*
 * Rate inputs: commission rates (per game type) and the dividend ratio are basis points in the
 * contract and percentages with at most two decimals on screen (1.20 % = 120 bp). Whatever I give
 * a member or a link is at most my own (the server refuses more with the same message).
 */

export type RateField = GameType | 'dividendRatioBp';
/** What the inputs hold: a percentage text per game type and for the ratio. */
export type RateTexts = Record<RateField, string>;
export interface OwnRates {
  rates: agent.CommissionRates;
  dividendRatioBp: number;
}

/** Basis points → the input's text: 120 → '1.20', 0 → '0'. */
export const bpToText = (bp: number): string => toAmountInput(bp);

/** Texts of given rates and ratio (a form's start). */
export function ratesToTexts(rates: agent.CommissionRates, dividendRatioBp: number): RateTexts {
  const out = { dividendRatioBp: bpToText(dividendRatioBp) } as RateTexts;
  for (const g of GAME_TYPES) out[g] = bpToText(rates[g]);
  return out;
}

/** Zero everywhere (a new account's or link's start). */
export const zeroTexts = (): RateTexts => ratesToTexts({ taiqiu: 0, slots: 0, poker: 0 }, 0);

/**
 * Reads the inputs: the rates and ratio in basis points when every one is a percentage with at
 * most two decimals and not above mine, else the message of each field that is not. Without
 * `withRatio` (a member account or link) the ratio is 0 and not read.
 */
export function readRates(
  texts: RateTexts,
  own: OwnRates,
  withRatio: boolean,
  lang: Language,
): { value: { rates: agent.CommissionRates; dividendRatioBp: number } | null; errors: FieldErrors<RateField> } {
  const errors: FieldErrors<RateField> = {};
  const read = (field: RateField, max: number, aboveOwn: () => string): number => {
    const text = texts[field].trim();
    const bp = parseAmountInput(text);
    if (!text) errors[field] = validationText('required', lang);
    else if (bp === null) errors[field] = t('agent.rate.format');
    else if (bp > max) errors[field] = aboveOwn();
    return bp ?? 0;
  };
  const rates = {} as agent.CommissionRates;
  for (const g of GAME_TYPES) {
    rates[g] = read(g, own.rates[g], () =>
      serverErrorText('agentRateAboveOwn', lang, { game: fieldLabel(g, lang), max: formatRateBp(own.rates[g]) }),
    );
  }
  const dividendRatioBp = withRatio
    ? read('dividendRatioBp', own.dividendRatioBp, () =>
        serverErrorText('agentRatioAboveOwn', lang, { max: formatRateBp(own.dividendRatioBp) }),
      )
    : 0;
  return { value: Object.keys(errors).length ? null : { rates, dividendRatioBp }, errors };
}

/** The rate input a server error names: `rates.slots` → slots. */
function rateErrorField(field: string | undefined): RateField | undefined {
  const f = field?.startsWith('rates.') ? field.slice('rates.'.length) : field;
  return f === 'dividendRatioBp' || GAME_TYPES.includes(f as GameType) ? (f as RateField) : undefined;
}

/** The field of a form with rate inputs that a failed call names: one of `fields`, or a rate. */
export function serverFieldOf<F extends string>(err: unknown, fields: readonly F[]): F | RateField | undefined {
  const raw = err instanceof ApiError ? err.data?.field : undefined;
  return fields.find((f) => f === raw) ?? rateErrorField(raw);
}
