import { z } from 'zod';
import { defineCall, envelope, isoTime, pageRequest, pageResult } from './common.js';

/*
 * Announcements, banners and rule pages (SCREENS.md /home, /details/{id}, /taiqiuguize,
 * /user/touzhugiuze). Texts come in the request's language; bodies are sanitized HTML.
 */

export const noticeType = z.enum(['notice', 'banner'], { error: 'invalid' });
export type NoticeType = z.infer<typeof noticeType>;

export const noticeItem = z.object({
  id: z.number().int(),
  type: noticeType,
  title: z.string(),
  summary: z.string(),
  /** Banners: an SVG data URL; notices: null. */
  image: z.string().nullable(),
  /** Where a tap leads (an app route, e.g. /user/youhui); null: the article at /details/{id}. */
  link: z.string().nullable(),
  publishedAt: isoTime,
});
export type NoticeItem = z.infer<typeof noticeItem>;

export const noticeList = defineCall({
  method: 'POST',
  path: '/notice/list',
  auth: false,
  request: pageRequest.extend({ type: noticeType.optional() }).strict(),
  response: envelope(pageResult(noticeItem)),
});

export const noticeDetails = defineCall({
  method: 'POST',
  path: '/notice/details',
  auth: false,
  request: z
    .object({
      id: z
        .number({ error: 'invalid_type' })
        .int('invalid')
        .positive('invalid')
        .max(2 ** 31, 'invalid'),
    })
    .strict(),
  response: envelope(noticeItem.extend({ body: z.string() })),
});

/** Rule pages: taiqiu_rules (/taiqiuguize), betting_rules (/user/touzhugiuze). */
export const contentKey = z
  .string({ error: 'required' })
  .min(1, 'required')
  .max(40, 'too_long')
  .regex(/^[a-z][a-z0-9_]*$/, 'invalid');

export const contentGet = defineCall({
  method: 'POST',
  path: '/content/get',
  auth: false,
  request: z.object({ key: contentKey }).strict(),
  response: envelope(z.object({ key: z.string(), title: z.string(), body: z.string(), updatedAt: isoTime })),
});
