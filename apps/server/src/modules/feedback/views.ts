import type { feedback as contract } from '@breakshot/contracts';
import type { FeedbackRow } from './tables.js';

/** A feedback row as its player sees it. */
export function feedbackView(r: FeedbackRow): contract.FeedbackItem {
  return {
    id: r.id,
    type: r.type,
    content: r.content,
    images: r.images,
    contact: r.contact,
    createdAt: r.createdAt.toISOString(),
    reply: r.reply,
    repliedAt: r.repliedAt?.toISOString() ?? null,
  };
}
