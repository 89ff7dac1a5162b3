import { z } from 'zod';
import { envelope } from './common.js';
import { str } from './fields.js';
import { defineAdminCall } from './operator-calls.js';
import { isServiceLink, siteContact } from './system.js';

/*
 * The operator's site contact and customer-service link (POST under ADMIN_PREFIX;
 * operator-calls.ts has the roles).
 */

/** Missing or empty: not offered (the console leaves empty fields out of what it sends). */
const contactField = str().trim().max(80, 'too_long').default('');

export const siteContactGet = defineAdminCall({
  roles: ['content'],
  path: '/site/contact',
  request: z.strictObject({}),
  response: envelope(siteContact),
});

/** The platform's business contact shown on /user/shangwu; an empty field is not shown. */
export const siteContactSave = defineAdminCall({
  roles: ['content'],
  path: '/site/contact/save',
  request: z.strictObject({
    email: str()
      .trim()
      .max(80, 'too_long')
      .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'invalid')
      .default(''),
    phone: contactField,
    telegram: contactField,
    wechat: contactField,
    qq: contactField,
  }),
  response: envelope(siteContact),
});

/** The player app's customer-service link (联系在线客服); empty: the entry is hidden. */
export const siteService = z.object({ serviceUrl: z.string() });

export const siteServiceGet = defineAdminCall({
  roles: ['content'],
  path: '/site/service',
  request: z.strictObject({}),
  response: envelope(siteService),
});

/** Sets or clears (missing or empty) the customer-service link; audited with before and after. */
export const siteServiceSave = defineAdminCall({
  roles: ['content'],
  path: '/site/service/save',
  request: z.strictObject({
    serviceUrl: str()
      .trim()
      .max(300, 'too_long')
      .refine((v) => v === '' || isServiceLink(v), 'serviceUrl.format')
      .default(''),
  }),
  response: envelope(siteService),
});
