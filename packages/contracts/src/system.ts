import { z } from 'zod';
import { defineCall, envelope } from './common.js';

export const sysConfig = z.object({
  siteName: z.string(),
  /** ISO 4217 code, e.g. CNY. */
  currency: z.string(),
  /** Sign shown before amounts, e.g. ¥. */
  currencySymbol: z.string(),
  /** IANA zone of report dates, e.g. Asia/Shanghai. */
  timeZone: z.string(),
  serviceUrl: z.string(),
  registerEnabled: z.boolean(),
  inviteCodeRequired: z.boolean(),
});
export type SysConfig = z.infer<typeof sysConfig>;

export const getConfig = defineCall({
  method: 'GET',
  path: '/config',
  auth: false,
  request: z.object({}),
  response: envelope(z.object({ sys: sysConfig })),
});
