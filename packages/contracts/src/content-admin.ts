import { z } from 'zod';
import { envelope, isoTime, pageRequest, pageResult } from './common.js';
import { APP_ROUTE, contentKey, contentListItem, helpCategory, noticeItem, noticeType, pageGroup } from './content.js';
import { articleFields, multilineStr, rowId, str } from './fields.js';
import { defineAdminCall } from './operator-calls.js';

/*
 * The operator's notices and content pages (POST under ADMIN_PREFIX; operator-calls.ts has the
 * roles).
 */

export const adminNotice = noticeItem.extend({
  body: z.string(),
  titleEn: z.string().nullable(),
  withdrawnAt: isoTime.nullable(),
});
export type AdminNotice = z.infer<typeof adminNotice>;

export const noticesList = defineAdminCall({
  roles: ['content'],
  path: '/notices/list',
  request: pageRequest.strict(),
  response: envelope(pageResult(adminNotice)),
});

/** Publishes a notice now: players see it at once (NOTICE_PUBLISHED on the live connection). */
export const noticePublish = defineAdminCall({
  roles: ['content'],
  path: '/notices/publish',
  request: z.strictObject({
    title: articleFields.title,
    summary: multilineStr().trim().min(1, 'required').max(200, 'too_long'),
    /** HTML; sanitized on the server. */
    body: articleFields.body,
    titleEn: articleFields.titleEn,
    summaryEn: multilineStr().trim().max(200, 'too_long').optional(),
    bodyEn: articleFields.bodyEn,
    /** A banner shows in the home carousel (with generated art); default a notice. */
    type: noticeType.optional(),
    /** Where a tap leads: an app route such as /user/youhui; none: the article. */
    link: str().trim().max(200, 'too_long').regex(APP_ROUTE, 'invalid').optional(),
  }),
  response: envelope(adminNotice),
});

export const noticeWithdraw = defineAdminCall({
  roles: ['content'],
  path: '/notices/withdraw',
  request: z.strictObject({ id: rowId }),
  response: envelope(adminNotice),
});

/** A rule or information page in one language (taiqiu_rules, betting_rules…; content.ts). */
export const adminContentPage = contentListItem.extend({ lang: z.enum(['zh-CN', 'en']) });
export type AdminContentPage = z.infer<typeof adminContentPage>;

export const contentPagesList = defineAdminCall({
  roles: ['content'],
  path: '/content/pages',
  request: z.strictObject({}),
  response: envelope(z.object({ list: z.array(adminContentPage) })),
});

/** Writes a page's text in one language (creating it if new); the body is sanitized; audited. */
export const contentPageSave = defineAdminCall({
  roles: ['content'],
  path: '/content/pages/save',
  request: z
    .strictObject({
      key: contentKey,
      lang: z.enum(['zh-CN', 'en'], { error: 'invalid' }),
      title: str().trim().min(1, 'required').max(80, 'too_long'),
      body: multilineStr().trim().min(1, 'required').max(50_000, 'too_long'),
      /** Not given: a new page is a rule page, an existing one keeps its group (and sort). A help entry needs its category. */
      group: pageGroup.optional(),
      category: helpCategory.optional(),
      sort: z.number({ error: 'invalid_type' }).int('invalid').min(0, 'invalid').max(9999, 'invalid').optional(),
    })
    .refine((p) => (p.group === 'help') === (p.category !== undefined), {
      path: ['category'],
      message: 'invalid',
    }),
  response: envelope(adminContentPage),
});
export type ContentPageInput = z.output<typeof contentPageSave.request>;
