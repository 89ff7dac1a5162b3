import type { Dayjs } from 'dayjs';
import { ErrorCode, promotionsAdmin, type promotions } from '@breakshot/contracts';
import { ApiError } from '../../lib/api';
import { toMinor } from '../../lib/money';
import { fromPickerValue, sitePickerNow, toPickerValue } from '../../lib/time';
import { DEFAULT_RULES, rulesToRequest, rulesToValues, type RulesValues } from './rule-fields';

type PromotionType = promotions.PromotionType;
type AdminPromotion = promotionsAdmin.AdminPromotion;
type PromotionInput = promotionsAdmin.PromotionInput;

/** What the form holds: the input with the period as a range, the cap in yuan and the rules as typed. */
export type PromotionValues = Omit<PromotionInput, 'startsAt' | 'endsAt' | 'capAmount' | 'rules'> & {
  period: [Dayjs, Dayjs];
  capAmount: number | null;
  rules: RulesValues;
};

/** A distinct gradient per type for a new promotion's banner. */
const BANNER_COLORS: Record<PromotionType, [string, string]> = {
  first_deposit: ['#ff4d6d', '#ff9a3c'],
  reload: ['#f7971e', '#ffd200'],
  lucky_slip: ['#c31432', '#f5af19'],
  fee_waiver: ['#11998e', '#38ef7d'],
  slots_turnover: ['#7f00ff', '#e100ff'],
  agent_starter: ['#1d4ed8', '#06b6d4'],
};

/** A new promotion of a type: from the next full hour for 30 days, enabled, the type's sample rules. */
export function newValues(type: PromotionType, now = sitePickerNow()): PromotionValues {
  const start = now.add(1, 'hour').startOf('hour');
  const [bannerFrom, bannerTo] = BANNER_COLORS[type];
  return {
    titleZh: '',
    titleEn: '',
    summaryZh: '',
    summaryEn: '',
    audienceZh: '',
    audienceEn: '',
    rulesZh: '',
    rulesEn: '',
    bannerFrom,
    bannerTo,
    period: [start, start.add(30, 'day')],
    enabled: true,
    sort: 0,
    turnoverMultiple: 1,
    capAmount: null,
    minVipLevel: 0,
    rewardValidDays: 7,
    rules: rulesToValues(DEFAULT_RULES[type]),
  };
}

export function storedValues(p: AdminPromotion): PromotionValues {
  const { startsAt: _s, endsAt: _e, ...input } = pickInput(p);
  return {
    ...input,
    period: [toPickerValue(p.startsAt), toPickerValue(p.endsAt)],
    capAmount: p.capAmount === null ? null : p.capAmount / 100,
    rules: rulesToValues(p.rules),
  };
}

/** What is sent: amounts in minor units, rates in basis points, times as UTC instants. */
export function toInput(type: PromotionType, v: PromotionValues): PromotionInput {
  const { period, capAmount, rules, ...rest } = v;
  return {
    ...rest,
    startsAt: fromPickerValue(period[0]),
    endsAt: fromPickerValue(period[1]),
    capAmount: capAmount === null || capAmount === undefined ? null : toMinor(capAmount),
    rules: rulesToRequest(type, rules),
  };
}

/** A stored promotion as its input again: a change from the list (the enabled switch) resends it whole. */
export function pickInput(p: AdminPromotion): PromotionInput {
  const keys = Object.keys(promotionsAdmin.promotionInput.shape) as (keyof PromotionInput)[];
  return Object.fromEntries(keys.map((k) => [k, p[k]])) as PromotionInput;
}

/**
 * The form field a refused save names (400 `data.field`, e.g. promotion.rules.tiers.0.maxBonus)
 * with the message to show under it, or null when it names none the form shows (the type, the
 * id): then the message stands alone. A 400's message starts with the field's name ("maxBonus:
 * 须大于 0"), which the field's label says already.
 */
export function fieldError(err: unknown): { name: (string | number)[]; message: string } | null {
  const field = err instanceof ApiError ? err.data?.field : undefined;
  if (!(err instanceof ApiError) || !field?.startsWith('promotion.')) return null;
  const path = field
    .split('.')
    .slice(1)
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
  if (path[0] === 'rules' && (path.length < 2 || path[1] === 'type')) return null;
  const name = path[0] === 'startsAt' || path[0] === 'endsAt' ? ['period'] : path;
  return { name, message: err.code === ErrorCode.BAD_REQUEST ? err.msg.replace(/^[^:]*:\s*/, '') : err.msg };
}
