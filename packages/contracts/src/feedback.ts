import { z } from 'zod';
import { defineCall, envelope, isoTime, pageRequest, pageResult } from './common.js';
import { multilineStr, str } from './fields.js';
import { uploadUrl } from './uploads.js';

/*
 * Feedback (docs/screens.md /user/fankui): a player writes a suggestion, problem, complaint or other
 * note with up to three screenshots; the operator answers, and the player reads the answer in
 * the list and gets a personal message about it.
 */

export const feedbackTypes = ['suggestion', 'problem', 'complaint', 'other'] as const;
export const feedbackType = z.enum(feedbackTypes, { error: 'invalid' });
export type FeedbackType = z.infer<typeof feedbackType>;

export const FEEDBACK_MIN_CHARS = 10;
export const FEEDBACK_MAX_CHARS = 500;
export const FEEDBACK_MAX_IMAGES = 3;
/** Feedback a player may send per day (rolling 24 hours). */
export const FEEDBACK_PER_DAY = 10;

export const feedbackRequest = z
  .object({
    type: feedbackType,
    content: multilineStr()
      .trim()
      .min(FEEDBACK_MIN_CHARS, 'feedback.content.length')
      .max(FEEDBACK_MAX_CHARS, 'feedback.content.length'),
    images: z.array(uploadUrl, { error: 'invalid_type' }).max(FEEDBACK_MAX_IMAGES, 'feedback.images.max').default([]),
    /** How to reach the player besides the reply (mobile, e-mail, WeChat…). */
    contact: str().trim().max(60, 'too_long').optional(),
  })
  .strict();
export type FeedbackRequest = z.input<typeof feedbackRequest>;

export const userSuggestion = defineCall({
  method: 'POST',
  path: '/user/userSuggestion',
  auth: true,
  request: feedbackRequest,
  response: envelope(z.object({ id: z.number().int() })),
});

export const feedbackItem = z.object({
  id: z.number().int(),
  type: feedbackType,
  content: z.string(),
  images: z.array(z.string()),
  contact: z.string().nullable(),
  createdAt: isoTime,
  /** The operator's answer (plain text), null until answered. */
  reply: z.string().nullable(),
  repliedAt: isoTime.nullable(),
});
export type FeedbackItem = z.infer<typeof feedbackItem>;

/** The player's own feedback, newest first, with the answers. */
export const suggestionList = defineCall({
  method: 'POST',
  path: '/user/suggestion/list',
  auth: true,
  request: pageRequest.strict(),
  response: envelope(pageResult(feedbackItem)),
});
