import { z } from 'zod';
import { defineCall, envelope } from './common.js';

/**
 * The platform's business contact (/user/shangwu, operator-editable); an empty string: not
 * offered. Sites configured before it existed read it as all empty.
 */
export const siteContact = z.object({
  email: z.string(),
  phone: z.string(),
  telegram: z.string(),
  wechat: z.string(),
  qq: z.string(),
});
export type SiteContact = z.infer<typeof siteContact>;
export const NO_CONTACT: SiteContact = { email: '', phone: '', telegram: '', wechat: '', qq: '' };

/** https anywhere; http only to this machine (trying the app out locally). */
const httpsLink = z.url({ protocol: /^https$/ });
const localHttpLink = z.url({ protocol: /^http$/, hostname: /^(localhost|127\.0\.0\.1|\[::1\])$/ });

/** Whether the player app may open `value` as the customer-service link. */
export const isServiceLink = (value: string): boolean =>
  httpsLink.safeParse(value).success || localHttpLink.safeParse(value).success;

export const sysConfig = z.object({
  siteName: z.string(),
  /** ISO 4217 code, e.g. CNY. */
  currency: z.string(),
  /** Sign shown before amounts, e.g. ¥. */
  currencySymbol: z.string(),
  /** IANA zone of report dates, e.g. Asia/Shanghai. */
  timeZone: z.string(),
  /** Where 联系在线客服 leads (an isServiceLink address, operator-set); empty: the entry is hidden. */
  serviceUrl: z.string(),
  registerEnabled: z.boolean(),
  inviteCodeRequired: z.boolean(),
  contact: siteContact.default(NO_CONTACT),
});
export type SysConfig = z.infer<typeof sysConfig>;

export const getConfig = defineCall({
  method: 'GET',
  path: '/config',
  auth: false,
  request: z.object({}),
  response: envelope(z.object({ sys: sysConfig })),
});
