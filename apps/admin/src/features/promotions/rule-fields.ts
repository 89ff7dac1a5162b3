import type { z } from 'zod';
import { promotions } from '@breakshot/contracts';
import { toMinor } from '../../lib/money';

type PromotionType = promotions.PromotionType;
type PromotionRules = promotions.PromotionRules;

/** How a rule field is typed: yuan (sent in minor units), percent (sent in basis points), a count, or digits. */
export type FieldKind = 'money' | 'percent' | 'count' | 'digits';

/** What each type's rules editor shows: single fields, and the columns of its tier table. */
export interface RulesLayout {
  fields: { key: string; kind: FieldKind }[];
  tiers: { key: string; kind: FieldKind }[];
}

const depositTiers = [
  { key: 'minDeposit', kind: 'money' },
  { key: 'rateBps', kind: 'percent' },
  { key: 'maxBonus', kind: 'money' },
] as const;

export const RULES_LAYOUT: Record<PromotionType, RulesLayout> = {
  first_deposit: { fields: [], tiers: [...depositTiers] },
  reload: { fields: [], tiers: [...depositTiers] },
  lucky_slip: {
    fields: [
      { key: 'minStake', kind: 'money' },
      { key: 'claimDays', kind: 'count' },
    ],
    tiers: [
      { key: 'ending', kind: 'digits' },
      { key: 'bonus', kind: 'money' },
    ],
  },
  fee_waiver: {
    fields: [
      { key: 'freeWithdrawals', kind: 'count' },
      { key: 'minValidBet', kind: 'money' },
    ],
    tiers: [],
  },
  slots_turnover: {
    fields: [],
    tiers: [
      { key: 'validBet', kind: 'money' },
      { key: 'bonus', kind: 'money' },
    ],
  },
  agent_starter: {
    fields: [
      { key: 'minFirstDeposit', kind: 'money' },
      { key: 'bonusPerMember', kind: 'money' },
    ],
    tiers: [],
  },
};

/** Percent typed with up to two decimals → basis points (20.5 % → 2050). */
export const toBps = (percent: number): number => Math.round(percent * 100);

/** A value as typed → as sent. */
export function toRequest(kind: FieldKind, value: unknown): unknown {
  if (typeof value !== 'number') return value;
  return kind === 'money' ? toMinor(value) : kind === 'percent' ? toBps(value) : value;
}

/** A value as stored (minor units, basis points) → as typed (yuan, percent). */
const toTyped = (kind: FieldKind, value: unknown): unknown =>
  typeof value === 'number' && (kind === 'money' || kind === 'percent') ? value / 100 : value;

type Row = Record<string, unknown>;
const convert = (fields: RulesLayout['fields'], row: Row, to: (kind: FieldKind, v: unknown) => unknown): Row =>
  Object.fromEntries(fields.map((f) => [f.key, to(f.kind, row[f.key])]));

/** The rules as the form holds them (no type: it is the promotion's), and back. */
export type RulesValues = Row & { tiers?: Row[] };

export function rulesToValues(rules: PromotionRules): RulesValues {
  const layout = RULES_LAYOUT[rules.type];
  const row = rules as unknown as Row;
  const values: RulesValues = convert(layout.fields, row, toTyped);
  if (layout.tiers.length) values.tiers = (row.tiers as Row[]).map((t) => convert(layout.tiers, t, toTyped));
  return values;
}

/** A type's tier rows as sent (an empty row of the table stays empty: the schema says what it lacks). */
export const tiersToRequest = (type: PromotionType, rows: (Row | undefined)[] | undefined): Row[] =>
  (rows ?? []).map((t) => convert(RULES_LAYOUT[type].tiers, t ?? {}, toRequest));

export function rulesToRequest(type: PromotionType, values: RulesValues): PromotionRules {
  const layout = RULES_LAYOUT[type];
  const rules: Row = { type, ...convert(layout.fields, values, toRequest) };
  if (layout.tiers.length) rules.tiers = tiersToRequest(type, values.tiers);
  return rules as PromotionRules;
}

/** A new promotion's rules: a starting point the operator edits (stored units). */
export const DEFAULT_RULES: Record<PromotionType, PromotionRules> = {
  first_deposit: { type: 'first_deposit', tiers: [{ minDeposit: 10_000, rateBps: 2_000, maxBonus: 18_800 }] },
  reload: { type: 'reload', tiers: [{ minDeposit: 10_000, rateBps: 500, maxBonus: 10_000 }] },
  lucky_slip: {
    type: 'lucky_slip',
    minStake: 1_000,
    claimDays: 3,
    tiers: [
      { ending: '888', bonus: 8_800 },
      { ending: '666', bonus: 6_600 },
    ],
  },
  fee_waiver: { type: 'fee_waiver', freeWithdrawals: 3, minValidBet: 100_000 },
  slots_turnover: { type: 'slots_turnover', tiers: [{ validBet: 1_000_000, bonus: 3_800 }] },
  agent_starter: { type: 'agent_starter', minFirstDeposit: 10_000, bonusPerMember: 1_800 },
};

type Shape = Record<string, z.ZodType>;

/** The contract's schema of one type's rules: its fields check what the server checks. */
function rulesShape(type: PromotionType): Shape {
  const option = promotions.promotionRules.options.find((o) => o.shape.type.value === type)!;
  return option.shape as Shape;
}

export const ruleFieldSchema = (type: PromotionType, key: string): z.ZodType => rulesShape(type)[key]!;
export const tiersSchema = (type: PromotionType): z.ZodType => rulesShape(type).tiers!;
export const tierFieldSchema = (type: PromotionType, key: string): z.ZodType =>
  (rulesShape(type).tiers as z.ZodArray<z.ZodObject<Shape>>).element.shape[key]!;
