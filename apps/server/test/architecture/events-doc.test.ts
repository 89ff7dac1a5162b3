import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { domainEventBus } from '../../src/subscribers.js';

/*
 * docs/events.md is generated from the code: each event of platform/domain-events.ts with its
 * description and payload, and its subscribers in the order src/subscribers.ts runs them.
 * `WRITE_DOCS=1 npx vitest run --root apps/server test/architecture/events-doc.test.ts` rewrites it.
 */

const docFile = new URL('../../../../docs/events.md', import.meta.url);
const source = readFileSync(new URL('../../src/platform/domain-events.ts', import.meta.url), 'utf8');

interface EventSource {
  name: string;
  summary: string;
  fields: { name: string; type: string; note: string }[];
}

/** The events of the DomainEvents interface: name, doc comment, top-level payload fields with theirs. */
function eventsOfSource(): EventSource[] {
  const body = source.slice(source.indexOf('export interface DomainEvents {'));
  const events: EventSource[] = [];
  let comment = '';
  for (const line of body.split('\n')) {
    const doc = /^ {2,4}\/\*\* (.*) \*\/$/.exec(line);
    const event = /^ {2}'([\w.-]+)': \{$/.exec(line);
    const field = /^ {4}(\w+): (.+);$/.exec(line);
    if (doc) comment = doc[1]!;
    else if (event) events.push({ name: event[1]!, summary: comment, fields: [] });
    else if (field) events.at(-1)!.fields.push({ name: field[1]!, type: field[2]!, note: comment });
    if (!doc) comment = '';
  }
  return events;
}

function render(): string {
  const subscribers = new Map(
    domainEventBus()
      .describe()
      .map((e) => [e.event, e.subscribers]),
  );
  const parts = [
    '# Domain events',
    '',
    '<!-- Generated from apps/server/src/platform/domain-events.ts and src/subscribers.ts by',
    '     apps/server/test/architecture/events-doc.test.ts (WRITE_DOCS=1); do not edit by hand. -->',
    '',
    'A module announces what happened with `ctx.events.emit(tx, ctx, name, payload)`; the',
    'subscribers below run in its transaction, after its own writes, one after another in this',
    'order. A subscriber that throws refuses the event: the whole transaction rolls back. The',
    "player's pages hear of it after commit, over the live hub (docs/architecture.md).",
  ];
  for (const e of eventsOfSource()) {
    parts.push('', `## \`${e.name}\``, '', e.summary, '', '| field | type | meaning |', '| --- | --- | --- |');
    for (const f of e.fields) parts.push(`| \`${f.name}\` | \`${f.type.replaceAll('|', '\\|')}\` | ${f.note} |`);
    parts.push('', 'Subscribers, in order:', '');
    const list = subscribers.get(e.name) ?? [];
    parts.push(...(list.length ? list.map((s, i) => `${i + 1}. ${s}`) : ['none']));
  }
  return `${parts.join('\n')}\n`;
}

describe('docs/events.md', () => {
  it('lists every event, its payload and its subscribers as the code has them', () => {
    const expected = render();
    if (process.env.WRITE_DOCS) writeFileSync(docFile, expected);
    expect(readFileSync(docFile, 'utf8')).toBe(expected);
  });

  it('names no event that is not declared, and every declared event has a subscriber', () => {
    const declared = eventsOfSource().map((e) => e.name);
    const subscribed = domainEventBus()
      .describe()
      .map((e) => e.event);
    expect(subscribed.filter((e) => !declared.includes(e))).toEqual([]);
    expect(declared.filter((e) => !subscribed.includes(e))).toEqual([]);
  });
});
