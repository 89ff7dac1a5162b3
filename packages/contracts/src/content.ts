import { z } from 'zod';
import { defineCall, envelope, isoTime, pageRequest, pageResult } from './common.js';
import { rowId } from './fields.js';

/*
 * Announcements, banners and rule pages (docs/screens.md /home, /details/{id}, /taiqiuguize,
 * /user/touzhugiuze). Texts come in the request's language; bodies are sanitized HTML.
 */

export const noticeType = z.enum(['notice', 'banner'], { error: 'invalid' });
export type NoticeType = z.infer<typeof noticeType>;

/** An app route a notice may lead to (e.g. /user/youhui): a path of this site, not another one. */
export const APP_ROUTE = /^\/(?!\/)[A-Za-z0-9/_\-.?=&%]*$/;

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
      id: rowId,
    })
    .strict(),
  response: envelope(noticeItem.extend({ body: z.string() })),
});

/**
 * Rule and information pages: taiqiu_rules (/taiqiuguize), betting_rules (/user/touzhugiuze),
 * the help centre's questions (/user/bangzhu) and the about pages (/user/guanyu).
 */
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

/**
 * What a page belongs to: rules (rule pages), help (a question of the help centre, its title the
 * question and its body the answer), about (terms, privacy, responsible gaming, licence…).
 */
export const pageGroups = ['rules', 'help', 'about'] as const;
export const pageGroup = z.enum(pageGroups, { error: 'invalid' });
export type PageGroup = z.infer<typeof pageGroup>;

/** Categories of the help centre: 充值, 取款, 账户, 投注, 代理 (in this order). */
export const helpCategories = ['deposit', 'withdrawal', 'account', 'betting', 'agent'] as const;
export const helpCategory = z.enum(helpCategories, { error: 'invalid' });
export type HelpCategory = z.infer<typeof helpCategory>;

export const contentListItem = z.object({
  key: z.string(),
  group: pageGroup,
  /** Help entries: their category; other pages: null. */
  category: helpCategory.nullable(),
  /** Order within the group (and category), ascending. */
  sort: z.number().int(),
  title: z.string(),
  /** Sanitized HTML. */
  body: z.string(),
  updatedAt: isoTime,
});
export type ContentListItem = z.infer<typeof contentListItem>;

/** Every page of a group in the reader's language (Chinese where no English was written). */
export const contentList = defineCall({
  method: 'POST',
  path: '/content/list',
  auth: false,
  request: z.object({ group: pageGroup }).strict(),
  response: envelope(z.object({ list: z.array(contentListItem) })),
});
