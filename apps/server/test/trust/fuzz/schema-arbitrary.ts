import fc from 'fast-check';
import type { z } from 'zod';
import type * as core from 'zod/v4/core';

/*
 * fast-check arbitraries read from a zod 4 schema (`_zod.def`), for the schema kinds the contracts
 * use: valid-looking values, and the same values with one defect (a wrong type, a field missing,
 * an unknown key, a number out of range, a string too long or with a character its rules refuse).
 * Refinements and cross-field rules are not read, so both sides are best effort: the fuzz keeps an
 * input only once the schema itself refuses it (`refusedBy`).
 */

type Schema = core.$ZodType;
type Arb = fc.Arbitrary<unknown>;

const defOf = (schema: Schema) => (schema as core.$ZodTypes)._zod.def;
const checksOf = (def: { checks?: unknown[] }) => (def.checks ?? []).map((c) => (c as core.$ZodChecks)._zod.def);
const isOptional = (schema: Schema) => schema._zod.optin === 'optional';

/** Whether the schema refuses the value as it arrives: through JSON, as the server reads it. */
export function refusedBy(schema: z.ZodType, value: unknown): boolean {
  const wire = JSON.stringify(value);
  return wire === undefined || refusesJson(schema, wire);
}

/** Whether the schema refuses the value of this JSON text. */
export const refusesJson = (schema: z.ZodType, json: string) => !schema.safeParse(JSON.parse(json)).success;

/** Values of other JSON types than the one expected. */
const WRONG_TYPES: Record<'string' | 'number' | 'boolean' | 'object' | 'array', unknown[]> = {
  string: [0, 1, -1, 1.5, true, false, null, [], {}, ['x'], { value: 'x' }],
  number: [
    '1',
    '0',
    '-1',
    'NaN',
    'Infinity',
    '-Infinity',
    '1e3',
    '0x10',
    ' 1',
    '１２３',
    '1,000',
    '',
    true,
    null,
    [],
    {},
    [1],
  ],
  boolean: ['true', 'false', 1, 0, null, [], {}, 'yes'],
  object: [null, [], [{}], 'x', '{}', 0, true],
  array: [null, {}, 'x', 0, true, { 0: 'a', length: 1 }],
};
const wrongType = (kind: keyof typeof WRONG_TYPES) => fc.constantFrom(...WRONG_TYPES[kind]);

/** Characters that one-line fields, formats and patterns refuse (or that break naive code). */
const ODD_CHARACTERS = [
  '\u0000',
  '\u0007',
  '\n',
  '\r\n',
  '\t',
  '\u007f',
  '\u0085',
  '\ud800',
  '\udfff',
  '\u202e',
  '\u200b',
  '\ufeff',
  '😀',
  ' ',
  '\u3000',
  'İ',
  'ｆ',
  '<',
  "'",
  '"',
  '\\',
  '%',
  '../',
  '@',
];

/** Timestamps a datetime with offset between 2000 and 2100 refuses. */
const BAD_INSTANTS = [
  '2024-02-30T00:00:00Z',
  '2024-13-01T00:00:00Z',
  '2024-01-01',
  '2024-01-01T00:00:00',
  '1999-12-31T23:59:59Z',
  '2100-01-01T00:00:00Z',
  '+275760-09-13T00:00:00Z',
  'yesterday',
  '0',
  '2024-01-01T25:00:00Z',
];

interface StringRules {
  min: number;
  max: number | undefined;
  pattern: RegExp | undefined;
  format: string | undefined;
}

function stringRules(def: core.$ZodStringDef & { format?: string }): StringRules {
  const rules: StringRules = { min: 0, max: undefined, pattern: undefined, format: def.format };
  for (const check of checksOf(def)) {
    if (check.check === 'min_length') rules.min = Math.max(rules.min, check.minimum);
    else if (check.check === 'max_length') rules.max = Math.min(rules.max ?? Infinity, check.maximum);
    else if (check.check === 'length_equals') rules.min = rules.max = check.length;
    else if (check.check === 'string_format' && check.format === 'regex' && 'pattern' in check) {
      rules.pattern = check.pattern as RegExp;
    }
  }
  return rules;
}

/** fast-check's generator of the pattern, unless it uses what fast-check cannot (lookaheads). */
function matching(pattern: RegExp): fc.Arbitrary<string> | undefined {
  try {
    return fc.stringMatching(pattern);
  } catch {
    return undefined;
  }
}

/** Pads (with its own first character, which keeps a character class happy) or cuts to the lengths. */
const fit = (s: string, min: number, max: number) => (s.length > max ? s.slice(0, max) : s.padEnd(min, s[0] ?? 'a'));

function validString(rules: StringRules): fc.Arbitrary<string> {
  if (rules.format === 'datetime') {
    return fc
      .date({ min: new Date('2000-01-02T00:00:00Z'), max: new Date('2099-12-30T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString());
  }
  const max = rules.max ?? rules.min + 24;
  const generated =
    (rules.pattern && matching(rules.pattern)) ??
    fc.string({ minLength: rules.min, maxLength: Math.min(max, rules.min + 24) });
  return generated.map((s) => fit(s, rules.min, max));
}

function invalidString(rules: StringRules): Arb {
  const valid = validString(rules);
  const options: Arb[] = [
    wrongType('string'),
    fc.tuple(valid, fc.constantFrom(...ODD_CHARACTERS), fc.nat()).map(([s, c, at]) => {
      const i = s.length === 0 ? 0 : at % (s.length + 1);
      return s.slice(0, i) + c + s.slice(i);
    }),
  ];
  if (rules.min > 0) options.push(fc.string({ maxLength: rules.min - 1 }));
  const { max } = rules;
  if (max !== undefined) options.push(fc.tuple(valid, fc.nat(40)).map(([s, n]) => s.padEnd(max + 1 + n, s[0] ?? 'x')));
  if (rules.format === 'datetime') options.push(fc.constantFrom(...BAD_INSTANTS));
  return fc.oneof(...options);
}

interface NumberRules {
  int: boolean;
  /** Inclusive bounds, when the schema has them. */
  min: number | undefined;
  max: number | undefined;
}

function numberRules(def: core.$ZodNumberDef): NumberRules {
  const rules: NumberRules = { int: false, min: undefined, max: undefined };
  for (const check of checksOf(def)) {
    if (check.check === 'number_format') rules.int ||= check.format === 'safeint' || check.format === 'int32';
  }
  const step = rules.int ? 1 : Number.EPSILON;
  for (const check of checksOf(def)) {
    if (check.check === 'greater_than') {
      const min = Number(check.value) + (check.inclusive ? 0 : step);
      rules.min = Math.max(rules.min ?? -Infinity, min);
    } else if (check.check === 'less_than') {
      const max = Number(check.value) - (check.inclusive ? 0 : step);
      rules.max = Math.min(rules.max ?? Infinity, max);
    }
  }
  return rules;
}

function validNumber(rules: NumberRules): fc.Arbitrary<number> {
  // Small values by default: the contracts' upper bounds are mostly guards, not typical values.
  const min = rules.min ?? Math.min(0, rules.max ?? 0);
  const max = Math.max(min, Math.min(rules.max ?? 1_000_000, min + 1_000_000));
  if (rules.int) return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

function invalidNumber(rules: NumberRules): Arb {
  const options: Arb[] = [
    wrongType('number'),
    // Negative and fractional money, and numbers past every bound.
    fc.constantFrom(-1, -100, -0.01, 0.5, 1e-7, 2 ** 53, 2 ** 63, 1e21, 1e308, -1e308),
  ];
  if (rules.int) options.push(validNumber(rules).map((n) => n + 0.5));
  const { min, max } = rules;
  if (min !== undefined)
    options.push(
      fc.integer({ min: 1, max: 1_000_000 }).map((d) => min - d),
      fc.constant(min - 0.5),
    );
  if (max !== undefined && Number.isFinite(max)) {
    options.push(
      fc.integer({ min: 1, max: 1_000_000 }).map((d) => max + d),
      fc.constant(max + 0.5),
    );
  }
  return fc.oneof(...options);
}

/** Nested one level deeper `levels` times: `{ a: { a: … } }`. */
const nested = (levels: number): unknown => {
  let value: unknown = 'x';
  for (let i = 0; i < levels; i += 1) value = { a: value };
  return value;
};

/** A value the schema should accept (refinements aside). */
export function validOf(schema: Schema): Arb {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return validString(stringRules(def));
    case 'number':
      return validNumber(numberRules(def));
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries));
    case 'literal':
      return fc.constantFrom(...def.values);
    case 'null':
      return fc.constant(null);
    case 'array': {
      const checks = checksOf(def);
      const minLength = checks.reduce((m, c) => (c.check === 'min_length' ? c.minimum : m), 0);
      return fc.array(validOf(def.element), { minLength, maxLength: minLength + 3 });
    }
    case 'object': {
      const keys = Object.keys(def.shape);
      const model = Object.fromEntries(keys.map((k) => [k, validOf(def.shape[k] as Schema)]));
      return fc.record(model, { requiredKeys: keys.filter((k) => !isOptional(def.shape[k] as Schema)) });
    }
    case 'union':
      return fc.oneof(...def.options.map(validOf));
    case 'optional':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return validOf(def.innerType);
    case 'nullable':
      return fc.oneof(fc.constant(null), validOf(def.innerType));
    case 'pipe':
      return validOf(def.in);
    case 'record':
      return fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), validOf(def.valueType), { maxKeys: 3 });
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A value with one defect the schema should refuse, or null when it takes anything (unknown). */
export function invalidOf(schema: Schema): Arb | null {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return invalidString(stringRules(def));
    case 'number':
      return invalidNumber(numberRules(def));
    case 'boolean':
      return wrongType('boolean');
    case 'enum':
    case 'literal': {
      const values = def.type === 'enum' ? Object.values(def.entries) : def.values;
      return fc.oneof(
        wrongType('string'),
        fc
          .constantFrom(...values)
          .chain((v) =>
            typeof v === 'string'
              ? fc.constantFrom(v.toUpperCase(), v.toLowerCase(), ` ${v}`, `${v}\u0000`, `${v}x`, '')
              : fc.constantFrom(String(v), Number(v) + 1, -Number(v), Number(v) + 0.5),
          ),
      );
    }
    case 'array': {
      const options: Arb[] = [wrongType('array')];
      const element = invalidOf(def.element);
      if (element) options.push(fc.array(element, { minLength: 1, maxLength: 3 }));
      const max = checksOf(def).reduce<number | undefined>(
        (m, c) => (c.check === 'max_length' ? c.maximum : m),
        undefined,
      );
      if (max !== undefined) options.push(fc.array(validOf(def.element), { minLength: max + 1, maxLength: max + 3 }));
      return fc.oneof(...options);
    }
    case 'object':
      return invalidObject(schema, def);
    case 'union':
      return fc.oneof(wrongType('object'), ...def.options.map(invalidOf).filter((a): a is Arb => a !== null));
    case 'optional':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'nullable':
      return invalidOf(def.innerType);
    case 'pipe':
      return invalidOf(def.in);
    case 'record':
      // Too deep or too large for a free-form field (hub88's meta), besides the wrong types.
      return fc.oneof(
        wrongType('object'),
        fc.integer({ min: 9, max: 40 }).map(nested),
        fc.constant({ a: 'x'.repeat(20_000) }),
      );
    default:
      return null;
  }
}

/** Keys no request has; some are names a careless handler might read. */
const UNKNOWN_KEYS = [
  'extra',
  'constructor',
  'prototype',
  'isAdmin',
  'role',
  'userId',
  'balance',
  '',
  ' ',
  'a.b',
  '$where',
];

function invalidObject(schema: Schema, def: core.$ZodObjectDef): Arb {
  const shape = def.shape as Record<string, Schema>;
  const keys = Object.keys(shape);
  const base = validOf(schema) as fc.Arbitrary<Record<string, unknown>>;
  const options: Arb[] = [wrongType('object')];
  for (const key of keys) {
    const bad = invalidOf(shape[key] as Schema);
    if (bad) options.push(fc.tuple(base, bad).map(([o, v]) => ({ ...o, [key]: v })));
  }
  const required = keys.filter((k) => !isOptional(shape[k] as Schema));
  if (required.length > 0) {
    options.push(
      fc
        .tuple(base, fc.constantFrom(...required))
        .map(([o, k]) => Object.fromEntries(Object.entries(o).filter(([key]) => key !== k))),
    );
  }
  const strict = def.catchall !== undefined && defOf(def.catchall).type === 'never';
  if (strict) {
    options.push(
      fc
        .tuple(
          base,
          fc.constantFrom(...UNKNOWN_KEYS, ...keys.map((k) => k.toUpperCase())),
          fc.jsonValue({ maxDepth: 1 }),
        )
        .map(([o, k, v]) => ({ ...o, [k]: v })),
    );
  }
  return fc.oneof(...options);
}
