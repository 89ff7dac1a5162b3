import fc from 'fast-check';
import { ZodObject } from 'zod';
import type { FuzzCall } from './calls.js';
import { refusedBy, refusesJson, validOf } from './schema-arbitrary.js';

/*
 * Hand-made nasty requests for one call: values no generator thinks of (huge, deep, odd unicode,
 * negative and fractional money, NaN-ish strings, prototype keys), each in a field of an otherwise
 * valid-looking body and sent only when the schema refuses it; and transport-level nasties,
 * always sent: wrong content types, bodies over the limit, malformed JSON, the wrong method with
 * an odd query string.
 */

/** One raw request. */
export interface Probe {
  label: string;
  method: 'GET' | 'POST';
  /** Appended to the call's URL (`?…`). */
  query?: string;
  /** The raw body; none when undefined. */
  body?: string;
  /** null: no content-type header. */
  contentType: string | null;
  /**
   * What the call must answer: a refusal; or, for a GET call given an odd query string its
   * schema ignores, anything but a failure of ours.
   */
  expect: 'refusal' | 'harmless';
}

const JSON_TYPE = 'application/json';

/** A probe with a JSON body. */
export const jsonProbe = (label: string, body: string): Probe => ({
  label,
  method: 'POST',
  body,
  contentType: JSON_TYPE,
  expect: 'refusal',
});

/** Past Fastify's default body limit (1 MiB) on every call. */
const OVER_LIMIT = 1_100_000;

/** Built as text: JSON.stringify would recurse 10,000 levels deep. */
const DEEP_JSON = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
const DEEP_OBJECT = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;

const NASTY_VALUES: unknown[] = [
  'x'.repeat(OVER_LIMIT),
  'x'.repeat(200_000),
  '',
  ' ',
  'a\u0000b',
  '\ud800',
  'a\udfffb',
  '\u202egnp.exe',
  'a\u200bb',
  '\ufeff',
  '😀💥🎱',
  'Z\u0334\u0321a\u0338l\u0335g\u0336o',
  "' OR 1=1 --",
  'NaN',
  'Infinity',
  '1e3',
  '0x1F',
  '１２３',
  'null',
  -1,
  -0.01,
  0.5,
  1e-7,
  2 ** 53 + 2,
  1e308,
  null,
  true,
  [],
  {},
  { $gt: '' },
];

/** Raw JSON bodies no parser should take. */
const MALFORMED_JSON = ['', '{', '{"a":1,}', "{'a':1}", '{"a":1}}', '{"a":01}', '{"a":NaN}', 'tru', '\u0000'];

/** The same request body under content types the call does not read as JSON. */
const ODD_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'application/xml',
  'application/octet-stream',
  null,
];

const ODD_QUERIES = [
  '?a=1&a=2&a=3',
  '?__proto__[isAdmin]=1',
  '?constructor[prototype][isAdmin]=1',
  '?%zz=%',
  '?%00=%00',
  '?a[b][c][d][e][f]=1',
  `?a=${'x'.repeat(100_000)}`,
  `?${'a=1&'.repeat(5_000)}`,
  '?\u202e=1&token=false',
  '?lang=../../etc/passwd',
];

/** A body the schema accepts, if the generator finds one (refinements may defeat it). */
function validSample(call: FuzzCall): Record<string, unknown> {
  const samples = fc.sample(validOf(call.request), { numRuns: 50, seed: 13 });
  const valid = samples.find((s) => !refusedBy(call.request, s)) ?? samples[0];
  return typeof valid === 'object' && valid !== null && !Array.isArray(valid) ? (valid as Record<string, unknown>) : {};
}

/** The nasty requests of a call. `raw` parsers (provider, gateway) do not refuse prototype keys. */
export function nastiesFor(call: FuzzCall, parser: 'fastify' | 'raw'): Probe[] {
  // A GET call reads a query string only: odd ones, which its schema may ignore.
  if (call.method === 'GET') return ODD_QUERIES.map((query) => queryProbe(query, 'harmless'));
  const base = validSample(call);
  const fields = call.request instanceof ZodObject ? Object.keys(call.request.shape) : [];
  if (fields.length === 0) fields.push('extra');
  const field = (i: number) => fields[i % fields.length] as string;
  const probes: Probe[] = [];
  const refused = (raw: string) => refusesJson(call.request, raw);

  NASTY_VALUES.forEach((value, i) => {
    const raw = JSON.stringify({ ...base, [field(i)]: value });
    const label = `${field(i)} = ${JSON.stringify(value).slice(0, 40)}`;
    // Over the body limit, whatever the schema thinks of it.
    if (raw.length > OVER_LIMIT || refused(raw)) probes.push(jsonProbe(label, raw));
  });
  for (const [i, deep] of [DEEP_JSON, DEEP_OBJECT].entries()) {
    const raw = JSON.stringify({ ...base, [field(i)]: 0 }).replace(`"${field(i)}":0`, `"${field(i)}":${deep}`);
    if (refused(raw)) probes.push(jsonProbe(`${field(i)} nested 10,000 levels`, raw));
  }
  probes.push(jsonProbe('whole body nested 10,000 levels', DEEP_JSON));

  const protoKeys = [
    `{"__proto__":{"isAdmin":true,"role":"admin"}}`,
    `{"constructor":{"prototype":{"isAdmin":true}}}`,
    JSON.stringify(base).replace(/^\{/, '{"__proto__":{"isAdmin":true},'),
  ];
  for (const raw of protoKeys) {
    if (parser === 'fastify' || refused(raw)) probes.push(jsonProbe(`prototype key ${raw.slice(0, 40)}`, raw));
  }

  for (const raw of MALFORMED_JSON) probes.push(jsonProbe(`malformed ${JSON.stringify(raw)}`, raw));

  // A raw parser takes any content type, so it gets a body its schema refuses; the others a good one.
  const body = parser === 'raw' ? '[]' : JSON.stringify(base);
  for (const contentType of ODD_CONTENT_TYPES) {
    probes.push({ label: `content-type ${contentType}`, method: 'POST', body, contentType, expect: 'refusal' });
  }
  // No body is `{}` to Fastify's parser: a request like any other, sent only when refused.
  if (parser === 'raw' || refused('{}'))
    probes.push({ label: 'no body', method: 'POST', contentType: null, expect: 'refusal' });

  // The wrong method, with odd query strings: a third of them for each call, in turn.
  const turn = call.path.length % 3;
  ODD_QUERIES.filter((_, i) => i % 3 === turn).forEach((query) => probes.push(queryProbe(query, 'refusal')));
  return probes;
}

const queryProbe = (query: string, expect: Probe['expect']): Probe => ({
  label: `GET ${query.slice(0, 40)}`,
  method: 'GET',
  query,
  contentType: null,
  expect,
});
