import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db.js';
import type { DomainEvents } from '../../platform/domain-events.js';
import { hashOf } from './sequence.js';
import { feedEvents } from './tables.js';

/**
 * What an operator entered by hand for a match (its score, its result, its cancellation) joins
 * the match's event log at the number billiards gave it: the next of a console match's sequence;
 * on another provider's match the number of the last event applied, so that the provider's next
 * event still follows on (taiqiu/hand-entries.ts, docs/design.md §9).
 */
export async function logOperatorEntry(
  tx: Tx,
  ctx: AppContext,
  e: DomainEvents['match.entered-by-operator'],
): Promise<void> {
  const body = { operator: e.operator, entry: e.entry, score: e.score };
  await tx.insert(feedEvents).values({
    providerId: e.providerId,
    eventId: `operator:${randomUUID()}`,
    matchRef: e.feedMatch,
    seq: e.seq,
    type: `operator_${e.entry}`,
    body,
    bodyHash: hashOf(body),
    state: 'applied',
    receivedAt: e.at,
  });
}
